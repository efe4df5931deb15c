/** How a failed API call looks to machines and screens: data, never a thrown transport object. */
export interface ApiFailure {
  /** HTTP status, or null when no response came (offline, timeout, aborted). */
  status: number | null;
  /** The server's `message` when it sent one; otherwise a transport description. */
  message: string | null;
  /** Where the message came from: the server's JSON, or the network layer. */
  source: 'server' | 'network';
  fieldErrors?: Record<string, string[]>;
}
