import { ArrowUpIcon } from '../icons.tsx';
import { useI18n } from '../../i18n/useI18n.tsx';
import { useScrolledPast } from './useScrolledPast.ts';

export function BackToTop() {
  const visible = useScrolledPast();
  const { t } = useI18n();
  function toTop() {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }
  return (
    <button type="button" className="back-to-top" hidden={!visible} onClick={toTop}>
      <ArrowUpIcon />
      <span className="visually-hidden">{t('frame.backToTop')}</span>
    </button>
  );
}
