import { useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

/** A text as a CSS string: quotes and backslashes escaped, "<" and line breaks as CSS escapes, so no text ends the rule or the element. */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\n\r<]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}

/** "Página {{page}} de {{pages}}" as CSS content: the page counters in place of the placeholders. */
export function pageOfContent(template: string): string {
  return template
    .split(/(\{\{pages?\}\})/)
    .filter(Boolean)
    .map((part) => (part === '{{page}}' ? 'counter(page)' : part === '{{pages}}' ? 'counter(pages)' : cssString(part)))
    .join(' ');
}

/**
 * The printed page's header and footer (decision 177): the concession, the report and its period
 * at the top of every sheet, "Página n de m" at the bottom, in the page's margin boxes. The
 * browser's own print draws them (Chromium from 131: Ctrl+P and "Guardar como PDF", as the page
 * suggests), with or without JavaScript; a browser without margin boxes prints its own.
 */
export function PrintPageMargins({ title, period }: { title: string; period: string }) {
  const t = useT('common');
  const header = cssString(`${t('app.name')} · ${title} · ${period}`);
  const css = `@media print { @page {
  @top-center { content: ${header}; font: 9pt system-ui, sans-serif; color: #333; }
  @bottom-center { content: ${pageOfContent(dashboard.summary.pageOf)}; font: 9pt system-ui, sans-serif; color: #333; }
} }`;
  // Set as markup: React would escape the quotes of a <style>'s text; cssString leaves no "<".
  return <style data-print-margins="" dangerouslySetInnerHTML={{ __html: css }} />;
}
