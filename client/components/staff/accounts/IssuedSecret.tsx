import { formatManilaMinute } from '../../../../shared/manila-time.ts';
import type { IssuedPassword } from '../../../../shared/staff-accounts.ts';

/** The link or password, shown once, with what to do with it. */
export function IssuedSecret({ email, issued }: { email: string; issued: IssuedPassword }) {
  return (
    <section className="change-record" aria-labelledby="issued-heading">
      <h2 id="issued-heading">
        {issued.password !== undefined ? 'The new password' : 'The set-password link'} for {email}
      </h2>
      <code className="issued-secret">{issued.password ?? issued.setPasswordLink}</code>
      <p>
        It is shown only this once and kept nowhere readable: copy it now and give it to its owner
        by a safe route (in person, by phone or a message separate from the e-mail address).
      </p>
      {issued.linkExpires ? (
        <p>
          The link works once, until {formatManilaMinute(issued.linkExpires)} (Manila time); its
          owner chooses a password with it.
        </p>
      ) : (
        <p>Its owner should keep it in a password manager.</p>
      )}
    </section>
  );
}
