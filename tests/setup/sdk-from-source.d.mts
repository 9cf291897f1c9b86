import type { AliasOptions } from 'vite';

export declare const sdkFromSource: { alias: AliasOptions };
