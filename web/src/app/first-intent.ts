/**
 * Runs `then` once, at the visitor's first input on the page (a pointer pressed, a key pressed): on the login page
 * the code a sign-in needs loads then, well before a sign-in answers, and not at all for a visitor who only looks
 * (ADR 097: the signed-in route table; ADR 117: the data layer).
 */
export function onFirstIntent(then: () => void): void {
  const intents = ['pointerdown', 'keydown'] as const;
  const onIntent = () => {
    for (const intent of intents) window.removeEventListener(intent, onIntent, true);
    then();
  };
  for (const intent of intents) window.addEventListener(intent, onIntent, { capture: true, passive: true });
}
