import { ORDERING_PERMISSIONS } from '@portal/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../route-table.ts';
import {
  createGateWorld,
  type Gates,
  BARE_MEMBER,
  LIMITED_ADMIN,
  LIMITED_ADMIN_BITS,
  type Ids,
  NONE,
  portalOf,
  SAMPLES,
  type Sample,
  permissionsWithout,
  TERMS_HOST,
} from './route-fixtures.ts';

/**
 * The authorization matrix, generated from the route policies (ADR 024): every route ×
 * (anonymous, wrong portal, password expired, MFA set-up pending, the brand's terms of use not accepted, weak session, missing each accepted
 * permission, another customer's object) answers exactly what the route declares. Another customer's
 * object id answers byte for byte as an id nobody has (status and body; ids echoed in the body are
 * compared as the same placeholder). A route added with a policy joins every row by itself.
 */
let world: Gates;
beforeAll(async () => {
  world = await createGateWorld();
}, 120_000);

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
/** A request that reaches the gates: the sample when there is one, else the bare path with an empty body. */
function bare(route: RouteEntry): Sample {
  const sample = SAMPLES[key(route)];
  if (sample) return sample(world.own);
  const path = route.path.replace(/:serial/g, '7100000000000001').replace(/:(\w+)/g, 'X-1');
  return route.method === 'GET' ? { path } : { path, body: {} };
}
const errorOf = (res: { status: number; text: string; headers: Headers }) => {
  if (!res.headers.get('content-type')?.includes('json')) return { status: res.status, code: undefined };
  const body = JSON.parse(res.text.slice(res.text.indexOf('{'))) as { code?: string };
  return { status: res.status, code: body.code };
};
/** Routes that look many serials up at once: another customer's serial is a not-found row, not a 404. */
const BULK_LOOKUPS = ['POST /api/serial-number-check', 'GET /api/serial-numbers'];
/** The scopes whose object ids the samples name: another customer's answers as nobody's (a team member or invitation: ADR 113). */
const SCOPED: readonly string[] = ['retailer', 'store', 'order', 'serial', 'account'];
const signedIn = () => world.routes.filter((r) => r.policy && r.policy.auth !== 'anonymous');

describe('the matrix covers', () => {
  it('every route, and has a sample request for every route that needs a permission or names an object', () => {
    expect(world.routes.length).toBeGreaterThanOrEqual(40);
    const scoped = world.routes.filter((r) => r.policy && (r.policy.permission.length > 0 || SCOPED.includes(r.policy.scope)));
    expect(scoped.filter((r) => !SAMPLES[key(r)]).map(key)).toEqual([]);
    expect(Object.keys(SAMPLES).filter((k) => !world.routes.some((r) => key(r) === k))).toEqual([]);
  });
});

describe('anonymous', () => {
  it('gets 401 AUTH.REQUIRED on every signed-in route, and passes the gate of every anonymous one', async () => {
    for (const route of world.routes) {
      const res = errorOf(await world.call(null, portalOf(route), route.method, bare(route)));
      const expected = route.policy?.auth === 'anonymous' ? { gated: false } : { gated: true };
      const gated = res.status === 401 && res.code === 'AUTH.REQUIRED';
      expect({ route: key(route), gated }).toEqual({ route: key(route), ...expected });
    }
  });
});

describe('the wrong portal', () => {
  it('gets 403 AUTH.WRONG_PORTAL on every route that does not serve it, signed in there or not', async () => {
    const connectOnlyElsewhere = world.routes.filter((r) => !r.policy?.portals.includes('connect'));
    expect(connectOnlyElsewhere.length).toBeGreaterThanOrEqual(15);
    for (const route of connectOnlyElsewhere) {
      for (const jar of [world.jars['both.portals@connect']!, null]) {
        const res = errorOf(await world.call(jar, 'connect', route.method, bare(route)));
        expect({ route: key(route), ...res }).toEqual({ route: key(route), status: 403, code: 'AUTH.WRONG_PORTAL' });
      }
    }
  });
});

describe('a pending step', () => {
  for (const [user, code] of [
    ['expired', 'AUTH.PASSWORD_EXPIRED'],
    ['mfa.pending', 'AUTH.MFA_SETUP_REQUIRED'],
  ] as const) {
    it(`${user}: 403 ${code} on every signed-in route not declared open for the step; the others let it pass`, async () => {
      // POST /api/account/sessions/end-others (open for the step) ends the account's connect session: those routes go first.
      const routes = signedIn().sort((a, b) => Number(portalOf(a) === 'ordering') - Number(portalOf(b) === 'ordering'));
      for (const route of routes) {
        const portal = portalOf(route);
        const jar = world.jars[portal === 'ordering' ? user : `${user}@${portal}`]!;
        const res = errorOf(await world.call(jar, portal, route.method, bare(route)));
        const stopped = res.status === 403 && res.code === code;
        expect({ route: key(route), stopped, signedIn: res.status !== 401 }).toEqual({
          route: key(route),
          stopped: !route.policy!.pendingStep,
          signedIn: true,
        });
      }
    });
  }
});

describe('the terms of use', () => {
  it('terms.pending: 403 TERMS.ACCEPTANCE_REQUIRED on every signed-in route not open for a step, on the brand that requires them', async () => {
    const routes = signedIn().sort((a, b) => Number(portalOf(a) === 'ordering') - Number(portalOf(b) === 'ordering'));
    for (const route of routes) {
      const portal = portalOf(route);
      const jar = world.jars[portal === 'ordering' ? 'terms.pending' : `terms.pending@${portal}`]!;
      const sample = bare(route);
      const res = errorOf(await world.call(jar, portal, route.method, { ...sample, headers: { ...sample.headers, Host: TERMS_HOST } }));
      const stopped = res.status === 403 && res.code === 'TERMS.ACCEPTANCE_REQUIRED';
      expect({ route: key(route), stopped, signedIn: res.status !== 401 }).toEqual({
        route: key(route),
        stopped: !route.policy!.pendingStep,
        signedIn: true,
      });
    }
  });
});

describe('strong authentication', () => {
  it('a weak session gets 403 AUTH.STRONG_AUTHENTICATION_REQUIRED exactly on the strong routes', async () => {
    for (const route of signedIn()) {
      const res = errorOf(await world.call(world.jars.weak!, 'ordering', route.method, bare(route)));
      const stopped = res.status === 403 && res.code === 'AUTH.STRONG_AUTHENTICATION_REQUIRED';
      expect({ route: key(route), stopped }).toEqual({ route: key(route), stopped: route.policy!.auth === 'strong' });
    }
  });
});

describe('module permissions', () => {
  it('a user holding every permission but the ones a route accepts gets 403 PERMISSION.DENIED; a full user passes', async () => {
    const guarded = signedIn().filter((r) => r.policy!.permission.length > 0);
    expect(guarded.length).toBeGreaterThanOrEqual(15);
    for (const route of guarded) {
      const portal = portalOf(route);
      const at = (user: string) => world.jars[portal === 'ordering' ? user : `${user}@${portal}`]!;
      const lacking = at(`lacks.${permissionsWithout(route.policy!.permission)}`);
      const denied = errorOf(await world.call(lacking, portal, route.method, bare(route)));
      expect({ route: key(route), ...denied }).toEqual({ route: key(route), status: 403, code: 'PERMISSION.DENIED' });
      const full = await world.call(at('full'), portal, route.method, bare(route));
      expect({ route: key(route), ok: full.status < 300 || full.status === 409 }).toEqual({ route: key(route), ok: true });
    }
  });
});

describe('object scope', () => {
  /** The answer with the requested ids replaced by the nonexistent ones, so an echoed id is no difference. */
  async function answer(route: RouteEntry, ids: Ids) {
    const portal = portalOf(route);
    const res = await world.call(
      world.jars[portal === 'ordering' ? 'full' : `full@${portal}`]!,
      portal,
      route.method,
      SAMPLES[key(route)]!(ids),
    );
    let text = res.text;
    for (const name of ['retailer', 'store', 'order', 'serial', 'account', 'invitation'] as const)
      text = text.split(ids[name]).join(NONE[name]);
    return { status: res.status, text };
  }

  it("another customer's object answers byte for byte as one that does not exist, on every scoped route", async () => {
    const scoped = signedIn().filter((r) => SCOPED.includes(r.policy!.scope));
    expect(scoped.length).toBeGreaterThanOrEqual(15);
    const { own, foreign } = world;
    for (const route of scoped) {
      // Wholly foreign ids, and the caller's own retailer with the other customer's store, order or serial.
      const cases: [Ids, Ids][] = [
        [foreign, NONE],
        [
          { ...foreign, retailer: own.retailer },
          { ...NONE, retailer: own.retailer },
        ],
      ];
      for (const [theirs, nobodys] of cases) {
        // A create on the caller's own object (the second case of a route scoped by retailer alone sends one
        // request twice) answers 201 once and 409 after: settle it first, so the pair compares like with like.
        await answer(route, nobodys);
        const a = await answer(route, theirs);
        const b = await answer(route, nobodys);
        expect({ route: key(route), ...a }).toEqual({ route: key(route), ...b });
      }
      // ... and that answer is a refusal (the bulk check and the connect lookup answer 200 with the serial as not found).
      const { status } = await answer(route, foreign);
      const expected = BULK_LOOKUPS.includes(key(route)) ? 200 : 404;
      expect({ route: key(route), status }).toEqual({ route: key(route), status: expected });
    }
  });
});

describe("the customer's own administrator (ADR 113)", () => {
  const teamRoutes = () => signedIn().filter((r) => r.policy!.scope === 'account');

  it("another customer's admin gets, on every member and invitation route, exactly what a nonexistent id gets (404)", async () => {
    expect(teamRoutes().length).toBeGreaterThanOrEqual(6);
    for (const route of teamRoutes()) {
      const theirs = await world.call(world.jars.other!, 'ordering', route.method, SAMPLES[key(route)]!(world.own));
      const nobodys = await world.call(
        world.jars.other!,
        'ordering',
        route.method,
        SAMPLES[key(route)]!({ ...NONE, retailer: world.foreign.retailer }),
      );
      let text = theirs.text;
      for (const name of ['account', 'invitation'] as const) text = text.split(world.own[name]).join(NONE[name]);
      expect({ route: key(route), status: theirs.status, text }).toEqual({ route: key(route), status: 404, text: nobodys.text });
    }
  });

  it('an admin granting a bit it lacks gets 403 TEAM.ESCALATION, for every ordering bit, by invitation and by access change', async () => {
    const lacking = Object.entries(ORDERING_PERMISSIONS).filter(([, bit]) => Math.floor(LIMITED_ADMIN_BITS / bit) % 2 === 0);
    expect(lacking.length).toBeGreaterThanOrEqual(3);
    const jar = world.jars[LIMITED_ADMIN]!;
    for (const [name] of lacking) {
      const invitation = SAMPLES['POST /api/team/invitations']!(world.own);
      const invited = errorOf(
        await world.call(jar, 'ordering', 'POST', {
          ...invitation,
          headers: { 'Idempotency-Key': `route-gates-escalation-${name}`.padEnd(24, '0') },
          body: { ...(invitation.body as object), permissions: { ordering: [name] } },
        }),
      );
      expect({ name, ...invited }).toEqual({ name, status: 403, code: 'TEAM.ESCALATION' });
      const access = SAMPLES['PUT /api/team/members/:username/access']!({ ...world.own, account: BARE_MEMBER });
      const changed = errorOf(
        await world.call(jar, 'ordering', 'PUT', { ...access, body: { ...(access.body as object), permissions: { ordering: [name] } } }),
      );
      expect({ name, ...changed }).toEqual({ name, status: 403, code: 'TEAM.ESCALATION' });
    }
  });
});
