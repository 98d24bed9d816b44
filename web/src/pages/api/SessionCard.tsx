/** The login session the playground sends (X-Session-Id, X-Encryption-Key): typed in, or filled by a login call. */
import { PasswordInput } from '../../ui';

export interface PlaygroundSession {
  session_id: string;
  encryption_key: string;
}

export function SessionCard({ value, onChange }: { value: PlaygroundSession; onChange: (s: PlaygroundSession) => void }) {
  return (
    <fieldset className="card" data-testid="session-card">
      <legend>Login session</legend>
      <p className="muted small">
        Endpoints behind the site’s login need the session a login call answers. Calling the login endpoint below fills these in; both are sent
        together with every call from this page.
      </p>
      <div className="field">
        <label htmlFor="pg-session-id">session_id</label>
        <input id="pg-session-id" name="session_id" value={value.session_id} spellCheck={false} onChange={(e) => onChange({ ...value, session_id: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="pg-encryption-key">encryption_key</label>
        <PasswordInput id="pg-encryption-key" name="encryption_key" value={value.encryption_key} onChange={(v) => onChange({ ...value, encryption_key: v })} />
      </div>
      {value.session_id || value.encryption_key ? (
        <button type="button" className="secondary small" onClick={() => onChange({ session_id: '', encryption_key: '' })}>
          Forget the session
        </button>
      ) : null}
    </fieldset>
  );
}
