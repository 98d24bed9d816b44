/** The builder's question (usually the site's credentials), answered with POST /dispatch/{task_id}. */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError, type PromptField, type UserInputPrompt } from '../api';
import { keys, queryClient } from '../query';
import { ErrorNote, Field } from '../ui';

/** A required field left empty, said in words before anything is sent. */
export const missingField = (f: PromptField): string => `Enter the ${f.label.toLowerCase()}.`;

export function InputForm({ taskId, prompt, onSent }: { taskId: string; prompt: UserInputPrompt; onSent: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (answer: Record<string, string>) => api('POST', `/dispatch/${taskId}`, { user_response: answer }),
    onSuccess: async () => {
      // The values are not kept once sent.
      setValues({});
      onSent();
      await queryClient.invalidateQueries({ queryKey: keys.task(taskId), exact: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lacking = Object.fromEntries(prompt.fields.filter((f) => f.required && !values[f.name]?.trim()).map((f) => [f.name, missingField(f)]));
    setMissing(lacking);
    if (Object.keys(lacking).length === 0) send.mutate(values);
  };
  const apiErr = send.error instanceof ApiError ? send.error : null;
  const errorOf = (name: string) => missing[name] ?? apiErr?.field(name);
  return (
    <form className="card" onSubmit={submit} autoComplete="off" noValidate data-testid="input-form">
      <h2>{prompt.kind === 'credentials' ? 'The site needs a login' : 'The build has a question'}</h2>
      <p data-testid="prompt-message">{prompt.message}</p>
      {prompt.fields.map((f) =>
        f.type === 'choice' ? (
          <Field key={f.name} label={f.label} name={f.name} error={errorOf(f.name)}>
            {(a) => (
              <select {...a} value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}>
                <option value="">Choose…</option>
                {(f.options ?? []).map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <Field
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type === 'otp' ? 'text' : f.type}
            required={f.required}
            value={values[f.name] ?? ''}
            onChange={(v) => setValues({ ...values, [f.name]: v })}
            error={errorOf(f.name)}
          />
        ),
      )}
      {apiErr && !prompt.fields.some((f) => apiErr.field(f.name)) ? <ErrorNote error={apiErr} /> : null}
      <button type="submit" disabled={send.isPending}>
        Send
      </button>
    </form>
  );
}
