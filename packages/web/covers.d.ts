/** The absolute path of the folder of example covers (<slug>.svg). */
export declare const coversDir: string;
