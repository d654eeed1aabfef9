import Dimensioning

extension VerificationReport {
    /// The report's stylesheet (kept free of `<` and `&` so the page stays valid XML).
    static let css = """
    :root{--ink:#0f172a;--muted:#64748b;--line:#e2e8f0;--bg:#f8fafc;--ok:#10b981;--bad:#dc2626;--warn:#f59e0b}
    *{box-sizing:border-box}
    body{margin:0;font:14px/1.45 -apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
    .wrap{max-width:1320px;margin:0 auto;padding:0 28px}
    header{background:linear-gradient(120deg,#0f172a,#1e3a8a);color:#fff;padding:26px 0 30px}
    header .wrap{position:relative}
    .brand{font-size:12px;letter-spacing:.14em;text-transform:uppercase;opacity:.7}
    h1{margin:6px 0 4px;font-size:28px;font-weight:650}
    .sub{margin:0;opacity:.8}
    .badge{position:absolute;right:28px;top:10px;padding:8px 18px;border-radius:999px;font-weight:700;letter-spacing:.08em}
    .badge.pass{background:var(--ok)} .badge.fail{background:var(--bad)}
    main{padding:22px 28px 10px}
    section{margin:22px 0}
    h2{font-size:18px;margin:0 0 12px;font-weight:650}
    h3{font-size:14px;margin:0 0 6px;font-weight:600;color:#334155}
    .kpis{display:grid;grid-template-columns:repeat(5,1fr);gap:14px;margin-top:-8px}
    .kpi{background:#fff;border:1px solid var(--line);border-radius:12px;padding:14px 16px;box-shadow:0 1px 2px rgba(15,23,42,.05)}
    .kpi .kv{font-size:28px;font-weight:700}
    .kpi .kl{font-weight:600;color:#334155}
    .kpi .kn{color:var(--muted);font-size:12px}
    .kpi.warn .kv{color:#b45309} .kpi.bad .kv{color:var(--bad)}
    table.data{border-collapse:collapse;background:#fff;border:1px solid var(--line);border-radius:10px;overflow:hidden;margin:0 18px 12px 0;display:inline-table;vertical-align:top}
    table.data th,table.data td{padding:8px 14px;border-bottom:1px solid var(--line);text-align:right}
    table.data th:first-child,table.data td:first-child{text-align:left}
    table.data thead th{background:#f1f5f9;font-weight:600;color:#334155}
    table.data tr.bad td{color:var(--bad);font-weight:600}
    .grid3{display:grid;grid-template-columns:repeat(3,1fr);gap:14px}
    .grid2{display:grid;grid-template-columns:repeat(2,1fr);gap:14px}
    .card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:14px}
    svg.chart{width:100%;height:auto;display:block}
    .grid{stroke:#eef2f7} .gridv{stroke:#f5f7fa} .axis{stroke:#94a3b8}
    .tick{font-size:11px;fill:#64748b} .axlabel{font-size:12px;fill:#334155}
    .limit{stroke:#475569;stroke-dasharray:5 4;stroke-width:1.2}
    .zero{stroke:#94a3b8;stroke-width:1} .bias{stroke:#dc2626;stroke-width:2.5} .biasnote{color:#dc2626}
    .gate{stroke:#7c3aed;stroke-dasharray:6 4;stroke-width:1.6} .gatelabel{font-size:11px;fill:#7c3aed}
    .tolband{fill:#10b981;fill-opacity:.08} .okzone{fill:#10b981;fill-opacity:.07}
    .caption{color:var(--muted);font-size:12px;margin:6px 0 0}
    .sw{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 6px;vertical-align:-1px}
    .dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:7px;background:#94a3b8}
    .dot.ok{background:var(--ok)} .dot.bad{background:var(--bad)} .dot.warn{background:var(--warn)} .dot.grey{background:#94a3b8}
    .worstgrid{display:grid;grid-template-columns:repeat(4,1fr);gap:14px}
    figure.worst{margin:0;background:#fff;border:1px solid var(--line);border-radius:12px;overflow:hidden}
    figure.worst img{width:100%;display:block;background:#111;image-rendering:pixelated}
    .noimg{height:150px;display:flex;align-items:center;justify-content:center;color:var(--muted);background:#f1f5f9}
    figcaption{padding:10px 12px;font-size:12px;color:#334155}
    figcaption .cap{font-weight:650;font-size:13px;word-break:break-all;margin-bottom:3px;color:var(--ink)}
    .reason{color:var(--muted);margin-top:3px}
    .tag{display:inline-block;background:#eef2ff;color:#3730a3;border-radius:6px;padding:1px 7px;margin:5px 5px 0 0;font-size:11px}
    .muted{color:var(--muted)}
    footer{color:var(--muted);font-size:12px;padding:18px 28px 30px}
    """
}
