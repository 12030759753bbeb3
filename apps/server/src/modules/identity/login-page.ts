/** The built-in sign-in page at /auth/login (DESIGN.md: fields Email and Password, button Sign in). */

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface LoginPageModel {
  email?: string;
  redirect?: string;
  referrer?: string;
  error?: string;
}

/** Renders the sign-in form; every value is escaped. */
export function renderLoginPage(model: LoginPageModel): string {
  const hidden = (name: string, value?: string) =>
    value ? `<input type="hidden" name="${name}" value="${escape(value)}">` : '';
  const back = model.referrer && model.referrer.startsWith('/') ? model.referrer : '/';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Cyber Range Portal</title>
<style>
  body { margin: 0; font-family: Roboto, "Helvetica Neue", Arial, sans-serif; background: #f4f6f8; color: #1c2025; }
  main { max-width: 400px; margin: 8vh auto; background: #fff; padding: 32px; border-radius: 8px;
         box-shadow: 0 1px 3px rgba(0,0,0,.12), 0 1px 2px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin: 0 0 8px; } p { margin: 0 0 24px; color: #4b5563; }
  label { display: block; font-weight: 500; margin: 16px 0 6px; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 10px 12px; font-size: 1rem;
         border: 1px solid #9ca3af; border-radius: 4px; }
  input:focus { outline: 2px solid #1565c0; outline-offset: 1px; }
  button { margin-top: 24px; width: 100%; padding: 12px; font-size: 1rem; font-weight: 600; color: #fff;
           background: #1565c0; border: 0; border-radius: 4px; cursor: pointer; }
  button:hover { background: #0d47a1; }
  .error { background: #fdecea; color: #8a1c13; padding: 10px 12px; border-radius: 4px; margin-bottom: 8px; }
  a { color: #1565c0; } .back { display: inline-block; margin-top: 20px; }
</style>
</head>
<body>
<main>
  <h1>Sign in</h1>
  <p>Use your Cyber Range Portal account.</p>
  ${model.error ? `<div class="error" role="alert">${escape(model.error)}</div>` : ''}
  <form method="post" action="/auth/login" novalidate>
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${escape(model.email ?? '')}" ${model.email ? '' : 'autofocus'}>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required ${model.email ? 'autofocus' : ''}>
    ${hidden('redirect', model.redirect)}${hidden('referrer', model.referrer)}
    <button type="submit">Sign in</button>
  </form>
  <a class="back" href="${escape(back)}">Back to the portal</a>
</main>
</body>
</html>`;
}
