// The team domain's face (ADR 060, ADR 113): the customer's own administrator and its invitations.
export { createTeamService, type TeamCaller, type TeamDeps, type TeamService } from './team-service.ts';
export type { TeamEvent, TeamEventKind, TeamEventRecorder } from './team-events.ts';
