import { ROLE_LABELS, STAFF_ROLES } from '../../../../shared/staff-roles.ts';

/** The two ways to give a new password, as radio buttons named `setPassword`. */
export function PasswordChoiceInputs({ idPrefix, checked }: { idPrefix: string; checked: string }) {
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
        <label htmlFor={`${idPrefix}-link`}>
          A set-password link for its owner (works once, for 24 hours)
        </label>
      </div>
      <div className="choice">
        <input
          type="radio"
          id={`${idPrefix}-generated`}
          name="setPassword"
          value="generated"
          defaultChecked={checked === 'generated'}
        />
        <label htmlFor={`${idPrefix}-generated`}>A generated strong password</label>
      </div>
    </>
  );
}

/** A checkbox named `roles` per role, those in `held` checked. */
export function RoleInputs({ idPrefix, held }: { idPrefix: string; held: readonly string[] }) {
  return STAFF_ROLES.map((role) => (
    <div className="choice" key={role}>
      <input
        type="checkbox"
        id={`${idPrefix}-${role}`}
        name="roles"
        value={role}
        defaultChecked={held.includes(role)}
      />
      <label htmlFor={`${idPrefix}-${role}`}>{ROLE_LABELS[role]}</label>
    </div>
  ));
}
