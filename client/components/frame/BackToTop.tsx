import { ArrowUpIcon } from '../icons.tsx';
import { useScrolledPast } from './useScrolledPast.ts';

export function BackToTop() {
  const visible = useScrolledPast();
  function toTop() {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }
  return (
    <button type="button" className="back-to-top" hidden={!visible} onClick={toTop}>
      <ArrowUpIcon />
      <span className="visually-hidden">Back to top</span>
    </button>
  );
}
