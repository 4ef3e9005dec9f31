/** A loop that runs beside the HTTP server in the same process (mail, subscription clock, sweeps). */
export interface BackgroundWorker {
  name: string;
  stop(): Promise<void>;
}
