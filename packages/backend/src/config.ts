import { z } from 'zod';

/**
 * Environment configuration, validated once at start-up (ARCHITECTURE convention 3). A missing or bad
 * variable stops the process with a message naming it. Local mode differs from AWS only in the
 * optional endpoints and the scheduler mode.
 */
const optionalUrl = z.string().url().optional();

export const ConfigSchema = z.object({
  STAGE: z.string().min(1),
  AWS_REGION: z.string().min(1).default('eu-central-1'),
  TABLE_NAME: z.string().min(3),
  FILES_BUCKET: z.string().min(3),
  REPORTS_BUCKET: z.string().min(3),
  MAIL_FROM: z.string().email(),
  APP_URL: z.string().url(),
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  SES_ENDPOINT: optionalUrl,
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** Sign-in attempts one client address may make per minute before 429 (ADR 010). */
  SIGNINS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Cost factor of the password hash, log2(N) of scrypt. 15 in production; tests may lower it. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
