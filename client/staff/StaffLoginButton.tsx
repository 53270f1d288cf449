import { Link } from 'react-router-dom';
import { useScrolledPast } from '../components/frame/useScrolledPast.ts';
import { LoginIcon } from '../components/icons.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

/** The round BAC login button of the Bids and Awards hub, shown once the page is scrolled past the threshold. */
export function StaffLoginButton() {
  const { t, localPath } = useI18n();
  const visible = useScrolledPast();
  return (
    <Link to={localPath('/bac-login')} className="login-fab" hidden={!visible}>
      <LoginIcon />
      <span className="visually-hidden">{t('staff.loginButton')}</span>
    </Link>
  );
}
