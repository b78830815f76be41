/**
 * A payer without a browser and without JavaScript: loads the hosted page, reads the Pay form
 * (its action and its CSRF token, as a browser would) and submits it. The checkout answers 303
 * back to itself (POST/redirect/GET). Used by the example's headless mode and its test; the
 * browser tests click the real button instead.
 */
export async function payWithoutJavaScript(sessionUrl: string): Promise<void> {
  const page = await fetch(sessionUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the checkout answered ${page.status}`);
  const form =
    /<form id="pay-form" method="post" action="([^"]+)"><input type="hidden" name="csrf_token" value="([^"]+)">/.exec(
      html,
    );
  if (!form) throw new Error('the checkout shows no Pay form');
  const action = new URL(form[1].replaceAll('&amp;', '&'), sessionUrl);
  const posted = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf_token: form[2] }).toString(),
  });
  if (posted.status !== 303) throw new Error(`Pay answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
}
