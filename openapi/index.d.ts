/** The absolute path of openapi.yaml. */
export declare const contractPath: string;
