export namespace app {
	
	export class ApplyView {
	    files: string[];
	    conflicts: string[];
	    removed: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ApplyView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.files = source["files"];
	        this.conflicts = source["conflicts"];
	        this.removed = source["removed"];
	    }
	}
	export class AttachmentView {
	    mediaType: string;
	    dataUrl: string;
	
	    static createFrom(source: any = {}) {
	        return new AttachmentView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.mediaType = source["mediaType"];
	        this.dataUrl = source["dataUrl"];
	    }
	}
	export class ChatChoiceInput {
	    provider: string;
	    model: string;
	    effort: string;
	    mode: string;
	
	    static createFrom(source: any = {}) {
	        return new ChatChoiceInput(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.provider = source["provider"];
	        this.model = source["model"];
	        this.effort = source["effort"];
	        this.mode = source["mode"];
	    }
	}
	export class ChoiceProvider {
	    id: string;
	    name: string;
	    local: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ChoiceProvider(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.local = source["local"];
	    }
	}
	export class ChatChoiceView {
	    provider: string;
	    model: string;
	    effort: string;
	    mode: string;
	    providers: ChoiceProvider[];
	    vision: boolean;
	    visionKnown: boolean;
	    hasEffort: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ChatChoiceView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.provider = source["provider"];
	        this.model = source["model"];
	        this.effort = source["effort"];
	        this.mode = source["mode"];
	        this.providers = this.convertValues(source["providers"], ChoiceProvider);
	        this.vision = source["vision"];
	        this.visionKnown = source["visionKnown"];
	        this.hasEffort = source["hasEffort"];
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
	
	export class CommandView {
	    name: string;
	    description: string;
	    argumentHint: string;
	    scope: string;
	
	    static createFrom(source: any = {}) {
	        return new CommandView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.description = source["description"];
	        this.argumentHint = source["argumentHint"];
	        this.scope = source["scope"];
	    }
	}
	export class CompactResult {
	    changed: boolean;
	    before: number;
	    after: number;
	
	    static createFrom(source: any = {}) {
	        return new CompactResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.changed = source["changed"];
	        this.before = source["before"];
	        this.after = source["after"];
	    }
	}
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
	export class ConversationState {
	    id: string;
	    sessionId: string;
	    state: string;
	    waits?: string;
	    since?: number;
	
	    static createFrom(source: any = {}) {
	        return new ConversationState(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.sessionId = source["sessionId"];
	        this.state = source["state"];
	        this.waits = source["waits"];
	        this.since = source["since"];
	    }
	}
	export class FileInput {
	    name: string;
	    data: string;
	
	    static createFrom(source: any = {}) {
	        return new FileInput(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.data = source["data"];
	    }
	}
	export class SetupOption {
	    id: string;
	    name: string;
	    local: boolean;
	    needsKey: boolean;
	    keyEnv: string;
	    found: string;
	    detail: string;
	    models: string[];
	    defaultModel: string;
	    installUrl: string;
	
	    static createFrom(source: any = {}) {
	        return new SetupOption(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.local = source["local"];
	        this.needsKey = source["needsKey"];
	        this.keyEnv = source["keyEnv"];
	        this.found = source["found"];
	        this.detail = source["detail"];
	        this.models = source["models"];
	        this.defaultModel = source["defaultModel"];
	        this.installUrl = source["installUrl"];
	    }
	}
	export class FirstRunView {
	    ready: boolean;
	    active: string;
	    options: SetupOption[];
	
	    static createFrom(source: any = {}) {
	        return new FirstRunView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.ready = source["ready"];
	        this.active = source["active"];
	        this.options = this.convertValues(source["options"], SetupOption);
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
	export class GlobalInput {
	    activeProvider: string;
	    activeModel: string;
	    temperature?: number;
	    reasoningEffort: string;
	    maxIterations: number;
	    approvalMode: string;
	    modelTitles: boolean;
	    promptProfile: string;
	    maxRunning?: number;
	    backgroundProcesses?: number;
	    containApproved: boolean;
	    reopenLastWorkspace?: boolean;
	    checkOff?: boolean;
	    checkRounds?: number;
	
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
	        this.modelTitles = source["modelTitles"];
	        this.promptProfile = source["promptProfile"];
	        this.maxRunning = source["maxRunning"];
	        this.backgroundProcesses = source["backgroundProcesses"];
	        this.containApproved = source["containApproved"];
	        this.reopenLastWorkspace = source["reopenLastWorkspace"];
	        this.checkOff = source["checkOff"];
	        this.checkRounds = source["checkRounds"];
	    }
	}
	export class KeyValue {
	    key: string;
	    value: string;
	
	    static createFrom(source: any = {}) {
	        return new KeyValue(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.value = source["value"];
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
	export class KnowledgeFolderView {
	    label: string;
	    path: string;
	
	    static createFrom(source: any = {}) {
	        return new KnowledgeFolderView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.label = source["label"];
	        this.path = source["path"];
	    }
	}
	export class MCPFoundServerView {
	    name: string;
	    transport: string;
	    runs: string;
	    secrets: number;
	    exists: boolean;
	
	    static createFrom(source: any = {}) {
	        return new MCPFoundServerView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.transport = source["transport"];
	        this.runs = source["runs"];
	        this.secrets = source["secrets"];
	        this.exists = source["exists"];
	    }
	}
	export class MCPFoundView {
	    app: string;
	    path: string;
	    servers: MCPFoundServerView[];
	
	    static createFrom(source: any = {}) {
	        return new MCPFoundView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.app = source["app"];
	        this.path = source["path"];
	        this.servers = this.convertValues(source["servers"], MCPFoundServerView);
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
	export class MCPResourceView {
	    server: string;
	    uri: string;
	    name: string;
	    mimeType: string;
	    description: string;
	
	    static createFrom(source: any = {}) {
	        return new MCPResourceView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.server = source["server"];
	        this.uri = source["uri"];
	        this.name = source["name"];
	        this.mimeType = source["mimeType"];
	        this.description = source["description"];
	    }
	}
	export class MCPServerForm {
	    name: string;
	    transport: string;
	    command: string;
	    args: string[];
	    env: KeyValue[];
	    url: string;
	    headers: KeyValue[];
	
	    static createFrom(source: any = {}) {
	        return new MCPServerForm(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.transport = source["transport"];
	        this.command = source["command"];
	        this.args = source["args"];
	        this.env = this.convertValues(source["env"], KeyValue);
	        this.url = source["url"];
	        this.headers = this.convertValues(source["headers"], KeyValue);
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
	export class MCPToolView {
	    name: string;
	    modelName: string;
	    description: string;
	    tokens: number;
	    enabled: boolean;
	
	    static createFrom(source: any = {}) {
	        return new MCPToolView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.modelName = source["modelName"];
	        this.description = source["description"];
	        this.tokens = source["tokens"];
	        this.enabled = source["enabled"];
	    }
	}
	export class MCPServerView {
	    name: string;
	    scope: string;
	    status: string;
	    transport: string;
	    error: string;
	    tools: MCPToolView[];
	    tokens: number;
	    log: string[];
	
	    static createFrom(source: any = {}) {
	        return new MCPServerView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.scope = source["scope"];
	        this.status = source["status"];
	        this.transport = source["transport"];
	        this.error = source["error"];
	        this.tools = this.convertValues(source["tools"], MCPToolView);
	        this.tokens = source["tokens"];
	        this.log = source["log"];
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
	
	export class MCPView {
	    servers: MCPServerView[];
	    tokens: number;
	    budgetPercent: number;
	
	    static createFrom(source: any = {}) {
	        return new MCPView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.servers = this.convertValues(source["servers"], MCPServerView);
	        this.tokens = source["tokens"];
	        this.budgetPercent = source["budgetPercent"];
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
	export class ModeView {
	    mode: string;
	    modes: string[];
	    pendingPlan: string;
	
	    static createFrom(source: any = {}) {
	        return new ModeView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.mode = source["mode"];
	        this.modes = source["modes"];
	        this.pendingPlan = source["pendingPlan"];
	    }
	}
	export class NetworkEntryView {
	    time: number;
	    purpose: string;
	    method: string;
	    host: string;
	    path: string;
	    status: number;
	    bytesOut: number;
	    bytesIn: number;
	    error: string;
	
	    static createFrom(source: any = {}) {
	        return new NetworkEntryView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.time = source["time"];
	        this.purpose = source["purpose"];
	        this.method = source["method"];
	        this.host = source["host"];
	        this.path = source["path"];
	        this.status = source["status"];
	        this.bytesOut = source["bytesOut"];
	        this.bytesIn = source["bytesIn"];
	        this.error = source["error"];
	    }
	}
	export class NotificationsView {
	    finished: boolean;
	    failed: boolean;
	    needsYou: boolean;
	    details: boolean;
	
	    static createFrom(source: any = {}) {
	        return new NotificationsView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.finished = source["finished"];
	        this.failed = source["failed"];
	        this.needsYou = source["needsYou"];
	        this.details = source["details"];
	    }
	}
	export class PermissionRule {
	    tool: string;
	    pattern: string;
	    effect: string;
	
	    static createFrom(source: any = {}) {
	        return new PermissionRule(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.tool = source["tool"];
	        this.pattern = source["pattern"];
	        this.effect = source["effect"];
	    }
	}
	export class PermissionsView {
	    grants: PermissionRule[];
	    rules: PermissionRule[];
	
	    static createFrom(source: any = {}) {
	        return new PermissionsView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.grants = this.convertValues(source["grants"], PermissionRule);
	        this.rules = this.convertValues(source["rules"], PermissionRule);
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
	export class ProcessView {
	    id: string;
	    command: string;
	    pid: number;
	    status: string;
	    exitCode: number;
	    startedAt: number;
	    endedAt?: number;
	    ports: string[];
	
	    static createFrom(source: any = {}) {
	        return new ProcessView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.command = source["command"];
	        this.pid = source["pid"];
	        this.status = source["status"];
	        this.exitCode = source["exitCode"];
	        this.startedAt = source["startedAt"];
	        this.endedAt = source["endedAt"];
	        this.ports = source["ports"];
	    }
	}
	export class ProviderInput {
	    baseUrl: string;
	    model: string;
	    fastModel?: string;
	
	    static createFrom(source: any = {}) {
	        return new ProviderInput(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.baseUrl = source["baseUrl"];
	        this.model = source["model"];
	        this.fastModel = source["fastModel"];
	    }
	}
	export class ProviderView {
	    id: string;
	    name: string;
	    wire: string;
	    baseUrl: string;
	    defaultBaseUrl: string;
	    model: string;
	    fastModel: string;
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
	        this.fastModel = source["fastModel"];
	        this.keyStatus = source["keyStatus"];
	        this.keyEnv = source["keyEnv"];
	        this.needsKey = source["needsKey"];
	        this.local = source["local"];
	        this.custom = source["custom"];
	    }
	}
	export class SandboxView {
	    active: boolean;
	    kind: string;
	    abi: number;
	    detail: string;
	    mechanism: string;
	    containApproved: boolean;
	
	    static createFrom(source: any = {}) {
	        return new SandboxView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.active = source["active"];
	        this.kind = source["kind"];
	        this.abi = source["abi"];
	        this.detail = source["detail"];
	        this.mechanism = source["mechanism"];
	        this.containApproved = source["containApproved"];
	    }
	}
	export class SearchView {
	    total: number;
	    tookMs: number;
	    hits: knowledge.Hit[];
	    partial: boolean;
	    approx: boolean;
	    asPrefix: boolean;
	    anyWord: boolean;
	    question: string;
	
	    static createFrom(source: any = {}) {
	        return new SearchView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.total = source["total"];
	        this.tookMs = source["tookMs"];
	        this.hits = this.convertValues(source["hits"], knowledge.Hit);
	        this.partial = source["partial"];
	        this.approx = source["approx"];
	        this.asPrefix = source["asPrefix"];
	        this.anyWord = source["anyWord"];
	        this.question = source["question"];
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
	export class SendResult {
	    turnId: string;
	    queued: boolean;
	    version?: number;
	    versions?: number;
	
	    static createFrom(source: any = {}) {
	        return new SendResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.turnId = source["turnId"];
	        this.queued = source["queued"];
	        this.version = source["version"];
	        this.versions = source["versions"];
	    }
	}
	export class ServeView {
	    running: boolean;
	    url: string;
	    workspace: string;
	    error: string;
	
	    static createFrom(source: any = {}) {
	        return new ServeView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.running = source["running"];
	        this.url = source["url"];
	        this.workspace = source["workspace"];
	        this.error = source["error"];
	    }
	}
	export class SessionView {
	    id: string;
	    title: string;
	    updatedAt: number;
	    model: string;
	    costUsd: number;
	    worktree?: string;
	
	    static createFrom(source: any = {}) {
	        return new SessionView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.title = source["title"];
	        this.updatedAt = source["updatedAt"];
	        this.model = source["model"];
	        this.costUsd = source["costUsd"];
	        this.worktree = source["worktree"];
	    }
	}
	export class WebView {
	    allowLocal: boolean;
	    searchProvider: string;
	    searchUrl: string;
	
	    static createFrom(source: any = {}) {
	        return new WebView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.allowLocal = source["allowLocal"];
	        this.searchProvider = source["searchProvider"];
	        this.searchUrl = source["searchUrl"];
	    }
	}
	export class SettingsView {
	    activeProvider: string;
	    activeModel: string;
	    temperature?: number;
	    reasoningEffort: string;
	    maxIterations: number;
	    approvalMode: string;
	    modelTitles: boolean;
	    promptProfile: string;
	    maxRunning: number;
	    backgroundProcesses: number;
	    reopenLastWorkspace: boolean;
	    checkOff: boolean;
	    checkRounds: number;
	    providers: ProviderView[];
	    keychain: KeychainView;
	    warning: string;
	    knowledgeFolders: KnowledgeFolderView[];
	    sandbox: SandboxView;
	    theme: string;
	    readOnlyTools: string[];
	    updateCheck: boolean;
	    offline: boolean;
	    web: WebView;
	    notifications: NotificationsView;
	
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
	        this.modelTitles = source["modelTitles"];
	        this.promptProfile = source["promptProfile"];
	        this.maxRunning = source["maxRunning"];
	        this.backgroundProcesses = source["backgroundProcesses"];
	        this.reopenLastWorkspace = source["reopenLastWorkspace"];
	        this.checkOff = source["checkOff"];
	        this.checkRounds = source["checkRounds"];
	        this.providers = this.convertValues(source["providers"], ProviderView);
	        this.keychain = this.convertValues(source["keychain"], KeychainView);
	        this.warning = source["warning"];
	        this.knowledgeFolders = this.convertValues(source["knowledgeFolders"], KnowledgeFolderView);
	        this.sandbox = this.convertValues(source["sandbox"], SandboxView);
	        this.theme = source["theme"];
	        this.readOnlyTools = source["readOnlyTools"];
	        this.updateCheck = source["updateCheck"];
	        this.offline = source["offline"];
	        this.web = this.convertValues(source["web"], WebView);
	        this.notifications = this.convertValues(source["notifications"], NotificationsView);
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
	
	export class SkillView {
	    name: string;
	    description: string;
	    scope: string;
	    enabled: boolean;
	
	    static createFrom(source: any = {}) {
	        return new SkillView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.description = source["description"];
	        this.scope = source["scope"];
	        this.enabled = source["enabled"];
	    }
	}
	export class SnippetLine {
	    n: number;
	    text: string;
	
	    static createFrom(source: any = {}) {
	        return new SnippetLine(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.n = source["n"];
	        this.text = source["text"];
	    }
	}
	export class SnippetView {
	    path: string;
	    focus: number;
	    lines: SnippetLine[];
	    total: number;
	
	    static createFrom(source: any = {}) {
	        return new SnippetView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.focus = source["focus"];
	        this.lines = this.convertValues(source["lines"], SnippetLine);
	        this.total = source["total"];
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
	export class StarterPrompt {
	    label: string;
	    prompt: string;
	
	    static createFrom(source: any = {}) {
	        return new StarterPrompt(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.label = source["label"];
	        this.prompt = source["prompt"];
	    }
	}
	export class StoredCallView {
	    summary: string;
	    exitCode?: number;
	
	    static createFrom(source: any = {}) {
	        return new StoredCallView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.summary = source["summary"];
	        this.exitCode = source["exitCode"];
	    }
	}
	export class TurnUndoView {
	    files: string[];
	    stats: undo.Change[];
	    undone: boolean;
	
	    static createFrom(source: any = {}) {
	        return new TurnUndoView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.files = source["files"];
	        this.stats = this.convertValues(source["stats"], undo.Change);
	        this.undone = source["undone"];
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
	export class TranscriptView {
	    session: SessionView;
	    messages: session.Message[];
	    undo: Record<string, TurnUndoView>;
	    calls: Record<string, StoredCallView>;
	    todos: session.Todo[];
	    conversation?: string;
	
	    static createFrom(source: any = {}) {
	        return new TranscriptView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.session = this.convertValues(source["session"], SessionView);
	        this.messages = this.convertValues(source["messages"], session.Message);
	        this.undo = this.convertValues(source["undo"], TurnUndoView, true);
	        this.calls = this.convertValues(source["calls"], StoredCallView, true);
	        this.todos = this.convertValues(source["todos"], session.Todo);
	        this.conversation = source["conversation"];
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
	export class TrustApproval {
	    path: string;
	    digest: string;
	
	    static createFrom(source: any = {}) {
	        return new TrustApproval(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.digest = source["digest"];
	    }
	}
	export class TrustChangeView {
	    path: string;
	    diff: string;
	    note: string;
	
	    static createFrom(source: any = {}) {
	        return new TrustChangeView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.diff = source["diff"];
	        this.note = source["note"];
	    }
	}
	export class TrustFileView {
	    path: string;
	    state: string;
	
	    static createFrom(source: any = {}) {
	        return new TrustFileView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.state = source["state"];
	    }
	}
	export class TrustItemView {
	    path: string;
	    kind: string;
	    summary: string;
	    runs: boolean;
	    digest: string;
	    trusted: boolean;
	    changed: boolean;
	    reason: string;
	    files: TrustFileView[];
	    vars: string[];
	    warnings: string[];
	    changes: TrustChangeView[];
	
	    static createFrom(source: any = {}) {
	        return new TrustItemView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.kind = source["kind"];
	        this.summary = source["summary"];
	        this.runs = source["runs"];
	        this.digest = source["digest"];
	        this.trusted = source["trusted"];
	        this.changed = source["changed"];
	        this.reason = source["reason"];
	        this.files = this.convertValues(source["files"], TrustFileView);
	        this.vars = source["vars"];
	        this.warnings = source["warnings"];
	        this.changes = this.convertValues(source["changes"], TrustChangeView);
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
	
	export class UndoReport {
	    restored: string[];
	    deleted: string[];
	    conflicts: string[];
	
	    static createFrom(source: any = {}) {
	        return new UndoReport(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.restored = source["restored"];
	        this.deleted = source["deleted"];
	        this.conflicts = source["conflicts"];
	    }
	}
	export class UpdateView {
	    enabled: boolean;
	    newer: boolean;
	    release: update.Release;
	    note: string;
	
	    static createFrom(source: any = {}) {
	        return new UpdateView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.enabled = source["enabled"];
	        this.newer = source["newer"];
	        this.release = this.convertValues(source["release"], update.Release);
	        this.note = source["note"];
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
	export class WebInput {
	    allowLocal: boolean;
	    searchProvider: string;
	    searchUrl: string;
	    searchKey: string;
	
	    static createFrom(source: any = {}) {
	        return new WebInput(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.allowLocal = source["allowLocal"];
	        this.searchProvider = source["searchProvider"];
	        this.searchUrl = source["searchUrl"];
	        this.searchKey = source["searchKey"];
	    }
	}
	
	export class WorkspaceTrustView {
	    path: string;
	    items: TrustItemView[];
	    pending: number;
	    worktree?: string;
	
	    static createFrom(source: any = {}) {
	        return new WorkspaceTrustView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.items = this.convertValues(source["items"], TrustItemView);
	        this.pending = source["pending"];
	        this.worktree = source["worktree"];
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
	export class WorkspaceView {
	    path: string;
	    name: string;
	
	    static createFrom(source: any = {}) {
	        return new WorkspaceView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.name = source["name"];
	    }
	}
	export class WorktreeView {
	    id: string;
	    project: string;
	    path: string;
	    branch: string;
	    created: number;
	    sizeBytes: number;
	    conversation?: string;
	
	    static createFrom(source: any = {}) {
	        return new WorktreeView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.project = source["project"];
	        this.path = source["path"];
	        this.branch = source["branch"];
	        this.created = source["created"];
	        this.sizeBytes = source["sizeBytes"];
	        this.conversation = source["conversation"];
	    }
	}

}

export namespace knowledge {
	
	export class FileMatch {
	    path: string;
	    source?: string;
	    score: number;
	    positions?: number[];
	
	    static createFrom(source: any = {}) {
	        return new FileMatch(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.source = source["source"];
	        this.score = source["score"];
	        this.positions = source["positions"];
	    }
	}
	export class WordMatch {
	    word: string;
	    definition?: string;
	
	    static createFrom(source: any = {}) {
	        return new WordMatch(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.word = source["word"];
	        this.definition = source["definition"];
	    }
	}
	export class Hit {
	    path: string;
	    source?: string;
	    line: number;
	    lines?: number[];
	    score: number;
	    snippet: string;
	    highlights?: number[][];
	    defines?: boolean;
	    matched?: WordMatch[];
	
	    static createFrom(source: any = {}) {
	        return new Hit(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.source = source["source"];
	        this.line = source["line"];
	        this.lines = source["lines"];
	        this.score = source["score"];
	        this.snippet = source["snippet"];
	        this.highlights = source["highlights"];
	        this.defines = source["defines"];
	        this.matched = this.convertValues(source["matched"], WordMatch);
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
	export class Status {
	    state: string;
	    counting: boolean;
	    files_done: number;
	    files_total: number;
	    bytes_done: number;
	    bytes_total: number;
	    files: number;
	    bytes: number;
	    watcher: string;
	    warning?: string;
	
	    static createFrom(source: any = {}) {
	        return new Status(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.state = source["state"];
	        this.counting = source["counting"];
	        this.files_done = source["files_done"];
	        this.files_total = source["files_total"];
	        this.bytes_done = source["bytes_done"];
	        this.bytes_total = source["bytes_total"];
	        this.files = source["files"];
	        this.bytes = source["bytes"];
	        this.watcher = source["watcher"];
	        this.warning = source["warning"];
	    }
	}

}

export namespace session {
	
	export class Attachment {
	    kind: string;
	    media_type?: string;
	    name?: string;
	    text?: string;
	    sha256?: string;
	    size?: number;
	
	    static createFrom(source: any = {}) {
	        return new Attachment(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.media_type = source["media_type"];
	        this.name = source["name"];
	        this.text = source["text"];
	        this.sha256 = source["sha256"];
	        this.size = source["size"];
	    }
	}
	export class Hit {
	    session_id: string;
	    title: string;
	    workspace: string;
	    message_id: number;
	    role: string;
	    snippet: string;
	    // Go type: time
	    at: any;
	
	    static createFrom(source: any = {}) {
	        return new Hit(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.session_id = source["session_id"];
	        this.title = source["title"];
	        this.workspace = source["workspace"];
	        this.message_id = source["message_id"];
	        this.role = source["role"];
	        this.snippet = source["snippet"];
	        this.at = this.convertValues(source["at"], null);
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
	export class HookRun {
	    event: string;
	    command: string;
	    exit_code: number;
	    duration_ms: number;
	    output?: string;
	    problem?: string;
	    blocked?: boolean;
	    after?: string;
	    text_offset: number;
	
	    static createFrom(source: any = {}) {
	        return new HookRun(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.event = source["event"];
	        this.command = source["command"];
	        this.exit_code = source["exit_code"];
	        this.duration_ms = source["duration_ms"];
	        this.output = source["output"];
	        this.problem = source["problem"];
	        this.blocked = source["blocked"];
	        this.after = source["after"];
	        this.text_offset = source["text_offset"];
	    }
	}
	export class SubagentStep {
	    name?: string;
	    args?: string;
	    status?: string;
	    output?: string;
	    text?: string;
	
	    static createFrom(source: any = {}) {
	        return new SubagentStep(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.args = source["args"];
	        this.status = source["status"];
	        this.output = source["output"];
	        this.text = source["text"];
	    }
	}
	export class SubagentRun {
	    agent: string;
	    description?: string;
	    steps: SubagentStep[];
	    input_tokens?: number;
	    output_tokens?: number;
	    cost_usd?: number;
	
	    static createFrom(source: any = {}) {
	        return new SubagentRun(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.agent = source["agent"];
	        this.description = source["description"];
	        this.steps = this.convertValues(source["steps"], SubagentStep);
	        this.input_tokens = source["input_tokens"];
	        this.output_tokens = source["output_tokens"];
	        this.cost_usd = source["cost_usd"];
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
	export class ToolCall {
	    call_id: string;
	    text_offset: number;
	    name: string;
	    args: string;
	    status: string;
	    approval?: string;
	    output: string;
	    full_output?: string;
	    subagent?: SubagentRun;
	    attachments?: Attachment[];
	    // Go type: time
	    started_at: any;
	    // Go type: time
	    finished_at: any;
	
	    static createFrom(source: any = {}) {
	        return new ToolCall(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.call_id = source["call_id"];
	        this.text_offset = source["text_offset"];
	        this.name = source["name"];
	        this.args = source["args"];
	        this.status = source["status"];
	        this.approval = source["approval"];
	        this.output = source["output"];
	        this.full_output = source["full_output"];
	        this.subagent = this.convertValues(source["subagent"], SubagentRun);
	        this.attachments = this.convertValues(source["attachments"], Attachment);
	        this.started_at = this.convertValues(source["started_at"], null);
	        this.finished_at = this.convertValues(source["finished_at"], null);
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
	export class Usage {
	    input_tokens: number;
	    output_tokens: number;
	    cache_read_tokens: number;
	    cache_write_tokens: number;
	    reasoning_tokens: number;
	    cost_usd: number;
	
	    static createFrom(source: any = {}) {
	        return new Usage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.input_tokens = source["input_tokens"];
	        this.output_tokens = source["output_tokens"];
	        this.cache_read_tokens = source["cache_read_tokens"];
	        this.cache_write_tokens = source["cache_write_tokens"];
	        this.reasoning_tokens = source["reasoning_tokens"];
	        this.cost_usd = source["cost_usd"];
	    }
	}
	export class Message {
	    id: number;
	    session_id: string;
	    seq: number;
	    role: string;
	    text: string;
	    reasoning?: string;
	    reasoning_signature?: string;
	    state: string;
	    error?: string;
	    provider?: string;
	    model?: string;
	    // Go type: time
	    started_at: any;
	    // Go type: time
	    first_token_at: any;
	    // Go type: time
	    finished_at: any;
	    usage: Usage;
	    undo_snapshot?: string;
	    tool_calls?: ToolCall[];
	    attachments?: Attachment[];
	    typed?: string;
	    origin?: string;
	    hooks?: HookRun[];
	    version?: number;
	    versions?: number;
	
	    static createFrom(source: any = {}) {
	        return new Message(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.session_id = source["session_id"];
	        this.seq = source["seq"];
	        this.role = source["role"];
	        this.text = source["text"];
	        this.reasoning = source["reasoning"];
	        this.reasoning_signature = source["reasoning_signature"];
	        this.state = source["state"];
	        this.error = source["error"];
	        this.provider = source["provider"];
	        this.model = source["model"];
	        this.started_at = this.convertValues(source["started_at"], null);
	        this.first_token_at = this.convertValues(source["first_token_at"], null);
	        this.finished_at = this.convertValues(source["finished_at"], null);
	        this.usage = this.convertValues(source["usage"], Usage);
	        this.undo_snapshot = source["undo_snapshot"];
	        this.tool_calls = this.convertValues(source["tool_calls"], ToolCall);
	        this.attachments = this.convertValues(source["attachments"], Attachment);
	        this.typed = source["typed"];
	        this.origin = source["origin"];
	        this.hooks = this.convertValues(source["hooks"], HookRun);
	        this.version = source["version"];
	        this.versions = source["versions"];
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
	
	
	export class Todo {
	    content: string;
	    status: string;
	
	    static createFrom(source: any = {}) {
	        return new Todo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.content = source["content"];
	        this.status = source["status"];
	    }
	}
	

}

export namespace undo {
	
	export class Change {
	    path: string;
	    created?: boolean;
	    deleted?: boolean;
	    added: number;
	    removed: number;
	    diff?: string;
	    binary?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Change(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.created = source["created"];
	        this.deleted = source["deleted"];
	        this.added = source["added"];
	        this.removed = source["removed"];
	        this.diff = source["diff"];
	        this.binary = source["binary"];
	    }
	}

}

export namespace update {
	
	export class Release {
	    version: string;
	    name: string;
	    url: string;
	    notes: string;
	    // Go type: time
	    published: any;
	
	    static createFrom(source: any = {}) {
	        return new Release(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.name = source["name"];
	        this.url = source["url"];
	        this.notes = source["notes"];
	        this.published = this.convertValues(source["published"], null);
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

export namespace worktree {
	
	export class FileChange {
	    path: string;
	    status: string;
	    binary: boolean;
	    hunks: string[];
	    applied: boolean;
	
	    static createFrom(source: any = {}) {
	        return new FileChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.status = source["status"];
	        this.binary = source["binary"];
	        this.hunks = source["hunks"];
	        this.applied = source["applied"];
	    }
	}

}

