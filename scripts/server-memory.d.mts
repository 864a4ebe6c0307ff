export declare function serverNodeFlags(server: 'api' | 'web'): string[]
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv
