/**
 * `npm run admin -- <command> [options]`: the operator CLI (ADR 013). It calls the backend's admin
 * service, which audits every command. Like `npm run import`: without AWS variables in the environment
 * (TABLE_NAME unset) it works on the running `npm start`; with a stage's variables and the operator's AWS
 * credentials, on that stage's table.
 *
 * Exit codes: 0 done, 1 the command failed or was refused, 2 the command line was wrong.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { AppError, type Backend, ConfigError, createBackend, CustomerKind, loadConfig } from '@portal/backend';
import { ACCESS_FLAG_MAPS, type AccessChange, type AdminActor, parseFlagValue } from '@portal/backend/admin';
import { MODULE_NAMES } from '@portal/core/auth';
import { PORTALS, type Portal } from '@portal/core/shared';
import { cliEnv } from './local/local-env.ts';

class UsageError extends Error {}

type OptionType = { type: 'string' | 'boolean' };
type Values = Record<string, string | boolean | undefined>;
type Context = { backend: Backend; actor: AdminActor; arg: string; values: Values };

type Command = {
  summary: string;
  /** The positional argument's name, if the command takes one (always exactly one). */
  arg?: string;
  options: Record<string, OptionType & { help: string; required?: boolean }>;
  notes?: string[];
  run: (ctx: Context) => Promise<void>;
};

const ACCESS_OPTIONS: Command['options'] = {
  portals: { type: 'string', help: `comma-separated: ${PORTALS.join(', ')}` },
  'security-flag': { type: 'string', help: 'the security flag' },
  permissions: { type: 'string', help: 'general permissions' },
  settings: { type: 'string', help: 'general settings' },
  ...Object.fromEntries(
    MODULE_NAMES.flatMap((name) =>
      (['permissions', 'settings'] as const).map((kind): [string, Command['options'][string]] => [
        `${name}-${kind}`,
        { type: 'string', help: `${name} module ${kind}` },
      ]),
    ),
  ),
};

const FLAG_NOTES = [
  'Flag values: a number (the sum of the bits), `none` (0), or comma-separated flag names, e.g.',
  '  --ordering-permissions cardOrdering,retailerSales',
  'A flag option replaces that whole value; options left out keep theirs. Flag names:',
  ...Object.entries(ACCESS_FLAG_MAPS).map(([field, map]) => `  ${field}: ${Object.keys(map).join(', ') || '(none defined)'}`),
];

const str = (values: Values, name: string) => values[name] as string | undefined;

function accessChange(values: Values): AccessChange {
  const flag = (name: string) => {
    const text = str(values, name);
    return text === undefined ? undefined : parseFlagValue(text);
  };
  const portals = str(values, 'portals');
  return {
    ...(portals === undefined
      ? {}
      : {
          portals: portals
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean) as Portal[],
        }),
    securityFlag: flag('security-flag'),
    permissions: flag('permissions'),
    settings: flag('settings'),
    ...Object.fromEntries(
      MODULE_NAMES.map((name) => [name, { permissions: flag(`${name}-permissions`), settings: flag(`${name}-settings`) }]),
    ),
  };
}

function wholeNumber(values: Values, name: string): number | undefined {
  const text = str(values, name);
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} takes a whole number, got '${text}'`);
  return Number(text);
}

async function readPasswordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError('--password-stdin reads a pipe, e.g. printf \'%s\' "$PASSWORD" | npm run admin -- create-user ...');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (!password) throw new UsageError('--password-stdin: nothing was read from stdin');
  return password;
}

const print = (line: string) => console.log(line);

const userCommand = (summary: string, run: (ctx: Context) => Promise<void>, notes?: string[]): Command => ({
  summary,
  arg: 'username',
  options: {},
  run,
  ...(notes ? { notes } : {}),
});

const COMMANDS: Record<string, Command> = {
  'create-customer': {
    summary: 'create a customer (retailer or provider)',
    arg: 'customerId',
    options: {
      name: { type: 'string', help: 'the customer name', required: true },
      kind: { type: 'string', help: CustomerKind.options.join(' | '), required: true },
      group: { type: 'string', help: 'the customer group id' },
    },
    async run({ backend, actor, arg, values }) {
      const group = str(values, 'group');
      const customer = await backend.admin.createCustomer(actor, {
        customerId: arg,
        name: str(values, 'name')!,
        kind: str(values, 'kind') as CustomerKind,
        ...(group === undefined ? {} : { customerGroupId: group }),
      });
      print(`created customer ${customer.customerId} (${customer.kind}) ${customer.name}`);
    },
  },

  'put-document': {
    summary: "put a supplier's file (contract, price list, help) into a customer's document folder",
    arg: 'customerId',
    options: {
      file: { type: 'string', help: 'the file to upload (PDF, XLSX, PNG, JPEG, WebP)', required: true },
      folder: { type: 'string', help: 'the folder, e.g. Contracts or Price lists/2026 (default: the top)' },
      name: { type: 'string', help: "the document's name (default: the file's name)" },
    },
    notes: [
      'The file takes the portal upload checks (ADR 082): its bytes decide the type (markup, macros and',
      'polyglots refused), the size cap per type. A document of that name in that folder gets a new version.',
    ],
    async run({ backend, actor, arg, values }) {
      const path = str(values, 'file')!;
      const doc = await backend.documents.putSupplierFile(
        actor.name,
        arg,
        { folder: str(values, 'folder') ?? '', name: str(values, 'name') ?? basename(path) },
        await readFile(path),
      );
      print(
        `${doc.version === 1 ? 'added' : `version ${doc.version} of`} ${doc.documentId} ${doc.folder}/${doc.name} (${doc.contentType}, ${doc.bytes} bytes)`,
      );
    },
  },

  'list-customers': {
    summary: 'list customers sorted by name, one page at a time',
    options: {
      limit: { type: 'string', help: 'customers per page (1-500, default 50)' },
      cursor: { type: 'string', help: 'continue after the page that printed this cursor' },
    },
    async run({ backend, actor, values }) {
      const limit = wholeNumber(values, 'limit');
      const cursor = str(values, 'cursor');
      const page = await backend.admin.listCustomers(actor, {
        ...(limit === undefined ? {} : { limit }),
        ...(cursor === undefined ? {} : { cursor }),
      });
      print(['customerId', 'kind', 'customerGroupId', 'name'].join('\t'));
      for (const c of page.items) print([c.customerId, c.kind, c.customerGroupId ?? '-', c.name].join('\t'));
      if (page.cursor) print(`more: npm run admin -- list-customers --cursor ${page.cursor}`);
    },
  },

  'create-user': {
    summary: 'create an account with an initial password',
    arg: 'username',
    options: {
      email: { type: 'string', help: 'e-mail address', required: true },
      firstname: { type: 'string', help: 'first name' },
      surname: { type: 'string', help: 'surname' },
      'job-title': { type: 'string', help: 'job title' },
      customer: { type: 'string', help: 'the customer id (must exist)' },
      brand: { type: 'string', help: 'brand id (default: default)' },
      locale: { type: 'string', help: 'locale (default: en-US)' },
      timezone: { type: 'string', help: 'time zone (default: Europe/Berlin)' },
      'mfa-required': { type: 'boolean', help: 'the user must set up MFA before using the portal' },
      'password-stdin': { type: 'boolean', help: 'read the initial password from stdin' },
      'password-expired': { type: 'boolean', help: 'the first sign-in must renew the password (recommended)' },
      ...ACCESS_OPTIONS,
    },
    notes: [
      'The initial password must pass the password policy (12+ characters, lower and upper case, a digit,',
      'a special character, not common, not the username). Without --password-stdin a strong random',
      'password is generated and printed ONCE; hand it over securely. Passwords are never printed otherwise.',
      'Portals default to ordering.',
      ...FLAG_NOTES,
    ],
    async run({ backend, actor, arg, values }) {
      const optional = (option: string, field: string) => {
        const value = str(values, option);
        return value === undefined ? {} : { [field]: value };
      };
      const password = values['password-stdin'] ? await readPasswordFromStdin() : undefined;
      const change = accessChange(values);
      const { portals, ...access } = change;
      const created = await backend.admin.createUser(actor, {
        username: arg,
        email: str(values, 'email')!,
        ...optional('firstname', 'firstname'),
        ...optional('surname', 'surname'),
        ...optional('job-title', 'jobTitle'),
        ...optional('customer', 'customerId'),
        ...optional('brand', 'brandId'),
        ...optional('locale', 'locale'),
        ...optional('timezone', 'timezone'),
        ...(portals ? { portals: [...portals] } : {}),
        mfaRequired: values['mfa-required'] === true,
        passwordExpired: values['password-expired'] === true,
        access,
        ...(password === undefined ? {} : { password }),
      });
      print(`created user ${created.username}`);
      if (created.generatedPassword) {
        print(`initial password (shown once, not stored in clear): ${created.generatedPassword}`);
      }
    },
  },

  'set-access': {
    summary: 'set portals, security flag, permissions, settings and module flags',
    arg: 'username',
    options: ACCESS_OPTIONS,
    notes: [...FLAG_NOTES, 'The change applies to the user’s next request; sessions stay.'],
    async run({ backend, actor, arg, values }) {
      const result = await backend.admin.setAccess(actor, arg, accessChange(values));
      print(`access of ${result.username}: ${JSON.stringify({ portals: result.portals, ...result.access })}`);
    },
  },

  'show-user': userCommand('print the account (never passwords, hashes or MFA secrets)', async ({ backend, actor, arg }) => {
    print(JSON.stringify(await backend.admin.showUser(actor, arg), null, 2));
  }),

  unlock: userCommand('clear the sign-in lock after failed attempts, and an administrator lock', async ({ backend, actor, arg }) => {
    const result = await backend.admin.unlock(actor, arg);
    const what = [
      result.loginLockCleared ? 'sign-in lock cleared' : 'no sign-in lock',
      result.statusChanged ? 'status locked -> active' : null,
    ];
    print(`unlocked ${result.username}: ${what.filter(Boolean).join(', ')}`);
  }),

  'reset-mfa': userCommand(
    'remove the second factor and recovery codes, end all sessions',
    async ({ backend, actor, arg }) => {
      const result = await backend.admin.resetMfa(actor, arg);
      print(`reset MFA of ${result.username} (was ${result.previousMethod}); ${result.sessionsEnded} session(s) ended`);
    },
    ['The user then signs in with the password alone, or sets MFA up again if the account requires it.'],
  ),

  'expire-password': userCommand(
    'expire the password now: the next sign-in must renew it in My Account',
    async ({ backend, actor, arg }) => {
      const result = await backend.admin.expirePassword(actor, arg);
      print(`password of ${result.username} expired at ${result.passwordExpiry}`);
    },
  ),

  disable: userCommand('lock the account and end all its sessions', async ({ backend, actor, arg }) => {
    const result = await backend.admin.disable(actor, arg);
    print(`disabled ${result.username}; ${result.sessionsEnded} session(s) ended`);
  }),

  enable: userCommand('lift an administrator lock (status locked -> active)', async ({ backend, actor, arg }) => {
    const result = await backend.admin.enable(actor, arg);
    print(result.statusChanged ? `enabled ${result.username}` : `${result.username} was not disabled; nothing changed`);
  }),

  audit: {
    summary: 'print the admin audit trail (JSON lines, newest first)',
    options: {
      day: { type: 'string', help: 'a day, yyyy-mm-dd (UTC); default today' },
      user: { type: 'string', help: "one account's entries instead" },
      customer: { type: 'string', help: "one customer's entries instead" },
      limit: { type: 'string', help: 'entries per page (1-1000, default 50)' },
      cursor: { type: 'string', help: 'continue after the page that printed this cursor' },
    },
    async run({ backend, values }) {
      const user = str(values, 'user');
      const customer = str(values, 'customer');
      const day = str(values, 'day');
      if ([user, customer, day].filter((v) => v !== undefined).length > 1) {
        throw new UsageError('give one of --day, --user, --customer');
      }
      const limit = wholeNumber(values, 'limit');
      const cursor = str(values, 'cursor');
      const page = await backend.admin.auditTrail(
        user !== undefined
          ? { username: user }
          : customer !== undefined
            ? { customerId: customer }
            : { day: day ?? backend.now().toISOString().slice(0, 10) },
        { ...(limit === undefined ? {} : { limit }), ...(cursor === undefined ? {} : { cursor }) },
      );
      for (const entry of page.items) print(JSON.stringify(entry));
      if (page.cursor) print(`more: --cursor ${page.cursor}`);
    },
  },
};

const COMMON_OPTIONS: Command['options'] = {
  actor: { type: 'string', help: 'who runs this, for the audit trail (default: your OS user name)' },
  help: { type: 'boolean', help: 'this help' },
};

function generalHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    'usage: npm run admin -- <command> [options]        (npm run admin -- <command> --help for its options)',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.arg ? `<${c.arg}>  ` : ''}${c.summary}`),
    '',
    'Target: without TABLE_NAME in the environment, the running `npm start` of DATA_DIR (default .data;',
    'PORT / DYNAMODB_PORT override what it announced there);',
    "with a stage's variables (STAGE, TABLE_NAME, AWS_REGION, ... as the API gets them) and your AWS",
    'credentials, that stage. Every command is written to the admin audit trail with --actor (default:',
    'your OS user name). Exit codes: 0 done, 1 failed or refused, 2 wrong command line.',
  ].join('\n');
}

function commandHelp(name: string, command: Command): string {
  const options = { ...command.options, ...COMMON_OPTIONS };
  const label = (option: string, spec: OptionType) => `--${option}${spec.type === 'string' ? ' VALUE' : ''}`;
  const width = Math.max(...Object.entries(options).map(([o, s]) => label(o, s).length));
  return [
    `usage: npm run admin -- ${name}${command.arg ? ` <${command.arg}>` : ''} [options]`,
    '',
    `${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`,
    '',
    'Options:',
    ...Object.entries(options).map(
      ([option, spec]) => `  ${label(option, spec).padEnd(width)}  ${spec.help}${spec.required ? ' (required)' : ''}`,
    ),
    ...(command.notes ? ['', ...command.notes] : []),
  ].join('\n');
}

function defaultActor(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

/** One line for an error the operator can act on. */
function describe(error: unknown, env: Record<string, string | undefined>, local: boolean): string {
  if (error instanceof AppError || error instanceof ConfigError) return error.message;
  const err = error as Error & { code?: string; cause?: { code?: string } };
  const text = `${err.name ?? ''} ${err.message ?? ''} ${err.code ?? ''} ${err.cause?.code ?? ''}`;
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|TimeoutError/.test(text)) {
    const where = env.DYNAMODB_ENDPOINT ?? `DynamoDB in ${env.AWS_REGION}`;
    return local
      ? `cannot reach DynamoDB Local at ${where}: is \`npm start\` running (PORT / DYNAMODB_PORT)?`
      : `cannot reach ${where}: ${err.message}`;
  }
  if (err.name === 'ResourceNotFoundException') return `table ${env.TABLE_NAME} not found (TABLE_NAME, AWS_REGION)`;
  if (err.name === 'CredentialsProviderError') return `no AWS credentials: ${err.message}`;
  return `${err.name || 'Error'}: ${err.message}`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    console.error(generalHelp());
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    print(generalHelp());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command '${name}' (npm run admin -- --help lists them)`);

  let values: Values;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(
        Object.entries({ ...command.options, ...COMMON_OPTIONS }).map(([option, spec]) => [option, { type: spec.type }]),
      ),
      allowPositionals: true,
      strict: true,
    });
    values = parsed.values as Values;
    positionals = parsed.positionals;
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
  if (values.help) {
    print(commandHelp(name, command));
    return 0;
  }
  const expected = command.arg ? 1 : 0;
  if (positionals.length !== expected) {
    throw new UsageError(
      command.arg
        ? `${name} takes one <${command.arg}>, got ${positionals.length ? positionals.join(' ') : 'none'}`
        : `${name} takes no arguments, got ${positionals.join(' ')}`,
    );
  }
  for (const [option, spec] of Object.entries(command.options)) {
    if (spec.required && (values[option] === undefined || values[option] === '')) {
      throw new UsageError(`${name}: --${option} is required`);
    }
  }

  const local = !process.env.TABLE_NAME;
  const env = cliEnv();
  Object.assign(process.env, env);
  try {
    const backend = createBackend(loadConfig(env));
    const config = backend.config;
    console.error(
      local
        ? `admin: local npm start (table ${config.TABLE_NAME} at ${config.DYNAMODB_ENDPOINT})`
        : `admin: stage ${config.STAGE} (table ${config.TABLE_NAME}, ${config.AWS_REGION})`,
    );
    const actor: AdminActor = { name: str(values, 'actor') ?? defaultActor(), host: hostname() };
    await command.run({ backend, actor, arg: positionals[0] ?? '', values });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    console.error(`error: ${describe(error, env, local)}`);
    return 1;
  }
}

let code: number;
try {
  code = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`usage error: ${error.message}`);
  code = 2;
}
process.exit(code);
