export declare const SERVER_NODE_FLAGS: string[]
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv
