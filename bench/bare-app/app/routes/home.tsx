export const meta = () => [{ title: 'Página base' }];

export default function Home() {
  return (
    <main>
      <h1>Página base</h1>
      <p>Una ruta, sin datos: el piso del marco de trabajo.</p>
    </main>
  );
}
