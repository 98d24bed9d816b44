/** Sign up and log in: errors said next to the field they are about. */
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { Link, navigate, safeNext } from '../router';
import { Field, ErrorNote } from '../ui';

function goNext(next: string | null) {
  const target = safeNext(next);
  // The OAuth consent page is the server's, not the app's: a full load.
  if (target?.startsWith('/oauth/')) location.assign(target);
  else navigate(target ?? '/apis', true);
}

function CredentialsForm(props: { title: string; action: string; submit: string; onIn: () => Promise<void>; next: string | null; newPassword?: boolean }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('POST', props.action, { email, password });
      await props.onIn();
      goNext(props.next);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const apiErr = error instanceof ApiError ? error : null;
  const emailErr = apiErr?.field('email');
  const passwordErr = apiErr?.field('password') ?? (apiErr?.status === 401 ? apiErr.message : undefined);
  return (
    <section className="narrow">
      <h1>{props.title}</h1>
      <form onSubmit={onSubmit} noValidate>
        <Field label="Email" name="email" type="email" value={email} onChange={setEmail} error={emailErr} autoComplete="email" required />
        <Field
          label="Password"
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          error={passwordErr}
          hint={props.newPassword ? 'At least 8 characters.' : undefined}
          autoComplete={props.newPassword ? 'new-password' : 'current-password'}
          required
        />
        {apiErr && !emailErr && !passwordErr ? <ErrorNote error={apiErr} /> : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Please wait…' : props.submit}
        </button>
      </form>
    </section>
  );
}

export function LoginPage({ onIn, next }: { onIn: () => Promise<void>; next: string | null }) {
  return (
    <>
      <CredentialsForm title="Log in" action="/auth/login" submit="Log in" onIn={onIn} next={next} />
      <p className="narrow">
        No account yet? <Link href={`/signup${next ? `?next=${encodeURIComponent(next)}` : ''}`}>Sign up</Link>
      </p>
    </>
  );
}

export function SignupPage({ onIn, next }: { onIn: () => Promise<void>; next: string | null }) {
  return (
    <>
      <CredentialsForm title="Create your account" action="/auth/signup" submit="Sign up" onIn={onIn} next={next} newPassword />
      <p className="narrow">
        Already have an account? <Link href={`/login${next ? `?next=${encodeURIComponent(next)}` : ''}`}>Log in</Link>
      </p>
    </>
  );
}
