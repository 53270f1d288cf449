import { STAFF_ROLES } from '../../shared/staff-roles.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { ROLE_KEYS } from '../staff/role-names.ts';

/** The two ways to give a new password, as radio buttons named `setPassword`. */
export function PasswordChoiceInputs({ idPrefix, checked }: { idPrefix: string; checked: string }) {
  const { t } = useStaffI18n();
  return (
    <>
      <div className="choice">
        <input
          type="radio"
          id={`${idPrefix}-link`}
          name="setPassword"
          value="link"
          defaultChecked={checked !== 'generated'}
        />
        <label htmlFor={`${idPrefix}-link`}>{t('staff.accounts.choice.link')}</label>
      </div>
      <div className="choice">
        <input
          type="radio"
          id={`${idPrefix}-generated`}
          name="setPassword"
          value="generated"
          defaultChecked={checked === 'generated'}
        />
        <label htmlFor={`${idPrefix}-generated`}>{t('staff.accounts.choice.generated')}</label>
      </div>
    </>
  );
}

/** A checkbox named `roles` per role, those in `held` checked. */
export function RoleInputs({ idPrefix, held }: { idPrefix: string; held: readonly string[] }) {
  const { t } = useStaffI18n();
  return STAFF_ROLES.map((role) => (
    <div className="choice" key={role}>
      <input
        type="checkbox"
        id={`${idPrefix}-${role}`}
        name="roles"
        value={role}
        defaultChecked={held.includes(role)}
      />
      <label htmlFor={`${idPrefix}-${role}`}>{t(ROLE_KEYS[role])}</label>
    </div>
  ));
}
