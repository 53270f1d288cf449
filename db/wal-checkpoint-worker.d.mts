export declare const WORKER_ROLE: 'wal-checkpoints';
export declare const workerModuleUrl: string;
