import type { ReactNode } from 'react';

/** One row of the login form: the input, and under it the field's message when it fails. */
export function LoginField({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'login-field login-field-failed' : 'login-field'}>
      {children}
      {error && (
        <div className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
