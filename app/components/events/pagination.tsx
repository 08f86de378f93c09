import { Link } from 'react-router';
import { useNumberFormat, useT } from '~/hooks/use-t';

/** Previous / next as plain links, so paging works without JavaScript. */
export function PaginationLinks({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const t = useT('events');
  const number = useNumberFormat();
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination-summary">{t('pagination.page', { page: number(page + 1), pages: number(pages) })}</p>
      <div className="pagination-links">
        {page > 0 ? (
          <Link to={hrefFor(page - 1)} rel="prev">
            {t('pagination.previous')}
          </Link>
        ) : (
          <span aria-disabled="true">{t('pagination.previous')}</span>
        )}
        {page + 1 < pages ? (
          <Link to={hrefFor(page + 1)} rel="next">
            {t('pagination.next')}
          </Link>
        ) : (
          <span aria-disabled="true">{t('pagination.next')}</span>
        )}
      </div>
    </nav>
  );
}
