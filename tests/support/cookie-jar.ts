/** What a browser keeps between requests: cookies set by answers, sent back with the next request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }

  /** Takes the Set-Cookie headers of an answer; an empty value (a deletion) removes the cookie. */
  remember(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      const pair = header.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
