import type { Context } from 'hono';
import { describeBrowser, describePlace } from '../../domain/devices.ts';
import type { AppEnv } from '../appEnv.ts';
import type { DeviceLabel } from '../services/securityEvents.ts';

/** The request's device as its owner will see it: browser from User-Agent, approximate place from the address. */
export function deviceOf(c: Context<AppEnv>): DeviceLabel {
  return { browser: describeBrowser(c.req.header('user-agent')), place: describePlace(c.var.clientAddress) };
}
