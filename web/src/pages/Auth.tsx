/** Sign up and log in: errors said next to the field they are about, in words. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError } from '../api';
import { refreshAccount } from '../query';
import { safeNext } from '../session';
import { Field, ErrorNote } from '../ui';

/** What an empty or short field lacks, said before asking the service (whose schema words are not for people). */
export function missingInWords(email: string, password: string, newPassword: boolean): { email?: string; password?: string } {
  const out: { email?: string; password?: string } = {};
  if (!email.trim()) out.email = 'Enter your email address.';
  else if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) out.email = 'That is not an email address (it needs an @ and a domain).';
  if (!password) out.password = 'Enter your password.';
  else if (newPassword && password.length < 8) out.password = `The password needs at least 8 characters (it has ${password.length}).`;
  return out;
}

function CredentialsForm(props: { title: string; action: string; submit: string; newPassword?: boolean }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const lacking = missingInWords(email, password, !!props.newPassword);
    setMissing(lacking);
    if (lacking.email || lacking.password) return;
    setBusy(true);
    try {
      await api('POST', props.action, { email: email.trim(), password });
      await refreshAccount();
      const target = safeNext(search.get('next'));
      // The OAuth consent page is the server's, not the app's: a full load.
      if (target?.startsWith('/oauth/')) location.assign(target);
      else navigate(target ?? '/apis', { replace: true });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const apiErr = error instanceof ApiError ? error : null;
  const emailErr = missing.email ?? apiErr?.field('email');
  const passwordErr = missing.password ?? apiErr?.field('password') ?? (apiErr?.status === 401 ? apiErr.message : undefined);
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

function withNext(path: string, next: string | null) {
  return `${path}${next ? `?next=${encodeURIComponent(next)}` : ''}`;
}

export function LoginPage() {
  const [search] = useSearchParams();
  return (
    <>
      <CredentialsForm title="Log in" action="/auth/login" submit="Log in" />
      <p className="narrow">
        No account yet? <Link to={withNext('/signup', search.get('next'))}>Sign up</Link>
      </p>
    </>
  );
}

export function SignupPage() {
  const [search] = useSearchParams();
  return (
    <>
      <CredentialsForm title="Create your account" action="/auth/signup" submit="Sign up" newPassword />
      <p className="narrow">
        Already have an account? <Link to={withNext('/login', search.get('next'))}>Log in</Link>
      </p>
    </>
  );
}
