import { useI18n } from '../../i18n/useI18n.tsx';

/**
 * Said on every page while the database holds demonstration records, so no visitor takes
 * a made-up notice for a real one. It goes once IT staff run `municipal demo remove`: the
 * render cache is keyed by the data version, which that removal changes.
 */
export function DemoNotice() {
  const { t } = useI18n();
  return (
    <aside className="demo-notice" aria-label={t('frame.demoLabel')}>
      <p>
        <strong>{t('frame.demoTitle')}</strong> {t('frame.demoText')} (
        <code>municipal demo remove</code>).
      </p>
    </aside>
  );
}
