import type { ReactNode } from 'react';
import { useT } from '~/hooks/use-t';

/** The frame of the public account pages: a centred card under the product name. */
export function PublicPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const t = useT();
  return (
    <main className="public-page" id="main">
      <div className="public-card">
        <p className="public-brand">{t('app.name')}</p>
        <h1>{title}</h1>
        {intro ? <p className="public-intro">{intro}</p> : null}
        {children}
      </div>
    </main>
  );
}
