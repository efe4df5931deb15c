import { AppInfoSchema, type AppInfo } from '../domain/schemas/appInfo.ts';
import { type ApiClient, getJson, publicClient } from './client.ts';

/** GET /app-info: whether this deployment is a test one, and the names the app shows (public). */
export function getAppInfo(client: ApiClient = publicClient): Promise<AppInfo> {
  return getJson(client, 'app-info', AppInfoSchema);
}
