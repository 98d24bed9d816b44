/**
 * What stops a build at a login, as values the build job turns into task states
 * (services/build-login.ts): ask for credentials, ask again, ask for a one-time code. They are
 * BuildStops: the stage runner passes them through as they are (stages.ts).
 */
import type { LoginPlan } from './plan.js';
import { BuildStop } from '../stages.js';

/** The site needs a login and the caller allowed it: ask for credentials. */
export class LoginRequired extends BuildStop {
  constructor(
    readonly plan: LoginPlan,
    readonly reason: string,
  ) {
    super(`The site needs a login (${reason}).`);
  }
}

/** The site refused the answers (`what` says which part). */
export class LoginRefused extends BuildStop {
  constructor(
    readonly plan: LoginPlan,
    readonly what: 'password' | 'otp',
    message: string,
  ) {
    super(message);
  }
}

/** The password was taken and the site now asks for a one-time code: a second prompt. */
export class OtpRequired extends BuildStop {
  constructor(readonly plan: LoginPlan) {
    super('The site asks for a one-time code.');
  }
}

/** The site locked the account after failed sign-ins: the build fails, asking again would not help. */
export class LoginLocked extends BuildStop {
  constructor(
    readonly plan: LoginPlan,
    message: string,
  ) {
    super(message);
  }
}
