// Every route of the main API and the carrier-data API, by area. The server registers each with its
// schema; the browser's typed client (app/lib/api-client.ts) is built from this table.
import { authContracts } from './auth.ts';
import { blockContracts } from './blocks.ts';
import { capacityContracts } from './capacity.ts';
import { carrierDataContracts } from './carrier-data.ts';
import { companyContracts } from './companies.ts';
import { contactCheckContracts } from './contact-check.ts';
import { healthContracts } from './health.ts';
import { historyContracts } from './history.ts';
import { mediaContracts } from './media.ts';
import { ratingContracts } from './ratings.ts';
import { reportContracts } from './reports.ts';
import { replyContracts } from './replies.ts';
import { searchContracts } from './search.ts';
import { signalsContracts } from './signals.ts';
import { userContracts } from './users.ts';
import { watcherContracts } from './watchers.ts';
import { alertContracts } from './alerts.ts';

export const CONTRACTS = {
  auth: authContracts,
  users: userContracts,
  companies: companyContracts,
  search: searchContracts,
  blocks: blockContracts,
  media: mediaContracts,
  capacity: capacityContracts,
  ratings: ratingContracts,
  replies: replyContracts,
  carrierData: carrierDataContracts,
  history: historyContracts,
  reports: reportContracts,
  contactCheck: contactCheckContracts,
  signals: signalsContracts,
  health: healthContracts,
  watchers: watcherContracts,
  alerts: alertContracts,
};
