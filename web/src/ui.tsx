/** Small shared pieces: labelled fields with their error beside them, copy buttons, empty states. */
import { useId, useState, type ReactNode } from 'react';
import { ApiError } from './api';

export function Field(props: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children?: (p: { id: string; 'aria-invalid': boolean; 'aria-describedby': string }) => ReactNode;
  type?: string;
  value?: string;
  onChange?: (v: string) => void;
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const described = `${id}-msg`;
  const a = { id, 'aria-invalid': !!props.error, 'aria-describedby': described };
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children ? (
        props.children(a)
      ) : props.type === 'password' ? (
        <PasswordInput {...a} name={props.name} value={props.value ?? ''} required={props.required} autoComplete={props.autoComplete} onChange={(v) => props.onChange?.(v)} />
      ) : (
        <input
          {...a}
          name={props.name}
          type={props.type ?? 'text'}
          value={props.value ?? ''}
          required={props.required}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          onChange={(e) => props.onChange?.(e.target.value)}
        />
      )}
      <div id={described} className={props.error ? 'error' : 'hint'} role={props.error ? 'alert' : undefined}>
        {props.error ?? props.hint ?? ''}
      </div>
    </div>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const msg = error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
  return (
    <p className="error" role="alert">
      {msg}
    </p>
  );
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="secondary small"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        );
        setDone(true);
        setTimeout(() => setDone(false), 1500);
      }}
    >
      {done ? 'Copied' : label}
    </button>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <strong>{title}</strong>
      {children ? <div>{children}</div> : null}
    </div>
  );
}

export function Status({ value }: { value: string }) {
  return <span className={`badge badge-${value}`}>{value.replace('_', ' ')}</span>;
}

export function Loading() {
  return (
    <p className="muted" aria-live="polite">
      Loading…
    </p>
  );
}

export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * A secret typed in: masked, with a Show/Hide toggle beside it. The toggle's words are its name
 * (no aria-label), so a search for the field's label finds the field alone.
 */
export function PasswordInput(props: {
  id: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  autoComplete?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const [shown, setShown] = useState(false);
  const { onChange, ...rest } = props;
  return (
    <span className="secret-input">
      <input {...rest} type={shown ? 'text' : 'password'} autoComplete={props.autoComplete ?? 'off'} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
      <button type="button" className="secondary small" aria-controls={props.id} aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? 'Hide' : 'Show'}
      </button>
    </span>
  );
}
