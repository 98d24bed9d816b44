/**
 * A site's way in, as the builder understood it (a `LoginPlan`, no secrets), and what is made
 * of it: the prompt the caller answers (`user_input_prompt`, decisions.md) and the generated
 * API's login endpoint (`initiates_session: true`), whose `login` step the interpreter runs.
 */
import type { EndpointRecipe, LoginStep, LoginToken } from '../../recipe/types.js';
import type { LoginFormField } from '../../recipe/index.js';

export interface LoginPlanField {
  /** The name the caller uses (prompt field and login endpoint parameter): email, username, password, otp. */
  param: string;
  /** The name the site posts (form input or JSON key). */
  site: string;
  role: LoginFormField['role'];
  type: 'email' | 'text' | 'password' | 'otp';
  label: string;
}

export interface LoginPlan {
  /** `form`: an HTML sign-in form read at `url`; `json`: a JSON login API at `url`. */
  kind: 'form' | 'json';
  url: string;
  fields: LoginPlanField[];
  /** The site asks for a one-time code after the password (learned during the build). */
  otp: boolean;
  /** `form` posted by the page's script to this login API instead of the form's action. */
  action?: string;
  /** Fixed values the script adds to a JSON login (`client: 'web'`). */
  constants?: Record<string, string>;
  /** What the script keeps from the login answer (a cookie it sets, a bearer token it sends). */
  token?: LoginToken;
  /** The page that was behind the wall: the proof of being logged in is reading it. */
  protectedUrl: string;
}

export interface PromptField {
  name: string;
  label: string;
  type: 'text' | 'password' | 'email' | 'otp' | 'choice';
  required: boolean;
}

export interface UserInputPrompt {
  kind: 'credentials' | 'question';
  message: string;
  fields: PromptField[];
  asked_at: string;
}

export function paramOf(field: Pick<LoginFormField, 'role' | 'type'>): string {
  if (field.role === 'password') return 'password';
  if (field.role === 'otp') return 'otp';
  return field.type === 'email' ? 'email' : 'username';
}

const OTP_FIELD: PromptField = { name: 'otp', label: 'One-time code', type: 'otp', required: true };

/** The credentials prompt: the site's own fields (user name or e-mail, password, a code it shows up front). */
export function credentialsPrompt(plan: LoginPlan, message: string, now: Date): UserInputPrompt {
  return {
    kind: 'credentials',
    message,
    fields: plan.fields.map((f) => ({ name: f.param, label: f.label || f.param, type: f.type, required: true })),
    asked_at: now.toISOString(),
  };
}

/** The second prompt of a login that asks for a one-time code after the password. */
export function otpPrompt(plan: LoginPlan, message: string, now: Date): UserInputPrompt {
  const site = plan.fields.find((f) => f.role === 'otp');
  return { kind: 'credentials', message, fields: [{ ...OTP_FIELD, label: site?.label || OTP_FIELD.label }], asked_at: now.toISOString() };
}

export const LOGIN_ENDPOINT = 'login';

/** The generated API's login endpoint. Samples are placeholders: nobody's credentials are kept. */
export function loginEndpoint(plan: LoginPlan, host: string): EndpointRecipe {
  const asked = plan.fields.filter((f) => f.role !== 'otp');
  const properties: Record<string, unknown> = {};
  for (const f of asked) properties[f.param] = { type: 'string', minLength: 1, description: f.label || f.param };
  const hasOtp = plan.otp || plan.fields.some((f) => f.role === 'otp');
  if (hasOtp) properties.otp = { type: 'string', description: 'One-time code, when the site asks for one' };
  const values = Object.fromEntries(asked.map((f) => [f.site, `{${f.param}}`]));
  const token = plan.token ? { token: plan.token } : {};
  const step: LoginStep =
    plan.kind === 'json'
      ? { type: 'login', url: plan.url, json: { ...(plan.constants ?? {}), ...values }, ...token }
      : { type: 'login', url: plan.url, form: values, ...(plan.action ? { action: plan.action } : {}), ...(hasOtp ? { otp: '{otp}' } : {}), ...token };
  return {
    name: LOGIN_ENDPOINT,
    method: 'POST',
    description: `Log into ${host} with your account. Answers session_id and encryption_key: send them (X-Session-Id, X-Encryption-Key) to the endpoints that need this login.`,
    initiates_session: true,
    input_params: { type: 'object', properties, required: asked.map((f) => f.param), additionalProperties: false },
    return_schema: {
      type: 'object',
      properties: {
        status: { type: 'string', const: 'success' },
        data: { type: 'object', properties: { logged_in: { type: 'boolean' } } },
        session_id: { type: 'string' },
        encryption_key: { type: 'string' },
      },
      required: ['status', 'data', 'session_id', 'encryption_key'],
    },
    sample_inputs: Object.fromEntries(asked.map((f) => [f.param, f.role === 'password' ? 'your-password' : f.type === 'email' ? 'you@example.com' : 'your-username'])),
    steps: [step],
  };
}

/** The build's endpoints, protected by the login: the login endpoint first, the rest depending on it. */
export function withLoginEndpoint(endpoints: EndpointRecipe[], plan: LoginPlan, host: string): EndpointRecipe[] {
  return [loginEndpoint(plan, host), ...endpoints.map((e) => ({ ...e, depends_on_session: LOGIN_ENDPOINT }))];
}
