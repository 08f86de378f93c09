/**
 * The benchmark's floor: the cheapest page this app can serve, through the same server,
 * root and middleware but with no data and no components. Only built with BENCH_FLOOR=1
 * (npm run bench); see bench/run.mjs.
 */
export default function BenchFloor() {
  return (
    <main>
      <h1>Piso de referencia</h1>
    </main>
  );
}
