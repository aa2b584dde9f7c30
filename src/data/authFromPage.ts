/**
 * The signed-in user, as Firestore in the worker asks for it. Firebase Auth stays on the page
 * (it signs in, keeps the session where the parent chose, refreshes the token); the page tells
 * the worker who is signed in and hands it a token when Firestore asks. Firestore takes this
 * through the interface it asks of Auth (`auth-internal` in Firebase's component registry,
 * the same methods Auth itself provides to it), so its reads carry the page's ID token and its
 * cache is kept per user as with Auth beside it.
 */

/** The page's side: the signed-in user's ID token (a fresh one when asked), or null. */
export type TokenSource = (forceRefresh: boolean) => Promise<string | null>;

type TokenListener = (token: string | null) => void;

export class AuthFromPage {
  private uid: string | null = null;
  /** The user's latest token, as the page sent it: Firestore's requests need no round trip to the page for it. */
  private token: string | null = null;
  private known = false;
  private readonly listeners = new Set<TokenListener>();

  constructor(private readonly tokenOf: TokenSource) {}

  /**
   * The page's Auth reported a user, or none. Firestore hears of a change of user, as from Auth
   * itself, and then of each new token of the same user (it opens its streams again with it);
   * the page's repeated reports of the same user and token change nothing.
   */
  userChanged(uid: string | null): void {
    if (this.known && uid === this.uid) return;
    this.uid = uid;
    this.token = null;
    this.known = true;
    this.notify();
  }

  /** The page sent the signed-in user's current token (it follows userChanged). */
  tokenChanged(uid: string, token: string): void {
    if (uid !== this.uid || token === this.token) return;
    const refreshed = this.token !== null;
    this.token = token;
    if (refreshed) this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener(null);
  }

  getUid(): string | null {
    return this.uid;
  }

  async getToken(forceRefresh?: boolean): Promise<{ accessToken: string } | null> {
    const uid = this.uid;
    if (!uid) return null;
    if (this.token && !forceRefresh) return { accessToken: this.token };
    // A refresh (Firestore was refused the token), or none sent yet: asked of the page.
    const accessToken = await this.tokenOf(forceRefresh === true);
    if (accessToken && uid === this.uid) this.token = accessToken;
    return accessToken ? { accessToken } : null;
  }

  /**
   * Like Auth's own, a listener hears the current user once the page has reported one, and not
   * within this call: Firestore waits for the next report only after adding its listener.
   */
  addAuthTokenListener(listener: TokenListener): void {
    this.listeners.add(listener);
    if (this.known) queueMicrotask(() => this.listeners.has(listener) && listener(null));
  }

  removeAuthTokenListener(listener: TokenListener): void {
    this.listeners.delete(listener);
  }
}
