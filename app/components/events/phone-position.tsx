import { useT } from '~/hooks/use-t';

/** OpenStreetMap's page centred on a point, zoomed to the street (decision 157). */
export function mapLink({ lat, lon }: { lat: number; lon: number }): string {
  const la = lat.toFixed(6);
  const lo = lon.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=17/${la}/${lo}`;
}

/**
 * The driver's phone position sent with the event, on its page: only in the answers of the roles
 * that may see it (the API leaves it out for the others, contract/permissions.ts seesPhonePosition).
 */
export function PhonePosition({ position }: { position: { lat: number; lon: number; accuracy: number } }) {
  const t = useT('events');
  return (
    <>
      <dt>{t('detail.position')}</dt>
      <dd>
        {t('detail.positionValue', { lat: position.lat.toFixed(6), lon: position.lon.toFixed(6), accuracy: Math.round(position.accuracy) })}{' '}
        <a href={mapLink(position)} target="_blank" rel="noopener noreferrer">
          {t('detail.positionMap')}
        </a>
      </dd>
    </>
  );
}
