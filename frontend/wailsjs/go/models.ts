export namespace app {
	
	export class ConnectionResult {
	    ok: boolean;
	    modelCount: number;
	    models: string[];
	    kind?: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new ConnectionResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.ok = source["ok"];
	        this.modelCount = source["modelCount"];
	        this.models = source["models"];
	        this.kind = source["kind"];
	        this.message = source["message"];
	    }
	}
	export class GlobalInput {
	    activeProvider: string;
	    activeModel: string;
	    temperature?: number;
	    reasoningEffort: string;
	    maxIterations: number;
	    approvalMode: string;
	
	    static createFrom(source: any = {}) {
	        return new GlobalInput(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.activeProvider = source["activeProvider"];
	        this.activeModel = source["activeModel"];
	        this.temperature = source["temperature"];
	        this.reasoningEffort = source["reasoningEffort"];
	        this.maxIterations = source["maxIterations"];
	        this.approvalMode = source["approvalMode"];
	    }
	}
	export class KeychainView {
	    available: boolean;
	    message: string;
	    help: string;
	
	    static createFrom(source: any = {}) {
	        return new KeychainView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.available = source["available"];
	        this.message = source["message"];
	        this.help = source["help"];
	    }
	}
	export class ProviderInput {
	    baseUrl: string;
	    model: string;
	
	    static createFrom(source: any = {}) {
	        return new ProviderInput(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.baseUrl = source["baseUrl"];
	        this.model = source["model"];
	    }
	}
	export class ProviderView {
	    id: string;
	    name: string;
	    wire: string;
	    baseUrl: string;
	    defaultBaseUrl: string;
	    model: string;
	    keyStatus: string;
	    keyEnv: string;
	    needsKey: boolean;
	    local: boolean;
	    custom: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ProviderView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.wire = source["wire"];
	        this.baseUrl = source["baseUrl"];
	        this.defaultBaseUrl = source["defaultBaseUrl"];
	        this.model = source["model"];
	        this.keyStatus = source["keyStatus"];
	        this.keyEnv = source["keyEnv"];
	        this.needsKey = source["needsKey"];
	        this.local = source["local"];
	        this.custom = source["custom"];
	    }
	}
	export class SettingsView {
	    activeProvider: string;
	    activeModel: string;
	    temperature?: number;
	    reasoningEffort: string;
	    maxIterations: number;
	    approvalMode: string;
	    providers: ProviderView[];
	    keychain: KeychainView;
	    warning: string;
	
	    static createFrom(source: any = {}) {
	        return new SettingsView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.activeProvider = source["activeProvider"];
	        this.activeModel = source["activeModel"];
	        this.temperature = source["temperature"];
	        this.reasoningEffort = source["reasoningEffort"];
	        this.maxIterations = source["maxIterations"];
	        this.approvalMode = source["approvalMode"];
	        this.providers = this.convertValues(source["providers"], ProviderView);
	        this.keychain = this.convertValues(source["keychain"], KeychainView);
	        this.warning = source["warning"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

