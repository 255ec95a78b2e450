package dev.retryowner.jobs.panel;

/**
 * HTML text for the panel's pages. Every value that comes from a job, a kind, an error or a request
 * goes through {@link #escape}; the page frame carries the panel's one inline style sheet.
 */
final class Html {
  private static final String STYLE = """
      body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;\
      background:#f5f6f8}
      header{background:#1d2330;color:#fff;padding:10px 24px;display:flex;gap:24px;\
      align-items:center}
      header a{color:#cfd8ea;text-decoration:none}header b{color:#fff;font-size:16px}
      main{padding:16px 24px;max-width:1200px}
      h1{font-size:20px;margin:8px 0 14px}h2{font-size:16px;margin:22px 0 8px}
      table{border-collapse:collapse;background:#fff;width:100%;box-shadow:0 1px 2px #0002}
      th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #e4e7ee;vertical-align:top}
      th{background:#eef1f6;font-weight:600;font-size:12px;text-transform:uppercase;\
      letter-spacing:.03em}
      td.num{text-align:right;font-variant-numeric:tabular-nums}
      a{color:#2855c5}td.failure{min-width:340px}
      .state{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;\
      background:#e4e7ee}
      .state-completed{background:#d9f2e1;color:#17603a}.state-discarded{background:#fbdada;\
      color:#8a1c1c}
      .state-retryable{background:#fdebc8;color:#7a4d00}.state-running{background:#d8e6fd;\
      color:#1f4da0}
      .state-cancelled{background:#e7e1f5;color:#4b3a80}.state-snoozed{background:#e0f0f5;\
      color:#1d5f73}
      .error{color:#8a1c1c;font-family:ui-monospace,monospace;font-size:12px;overflow-wrap:anywhere}
      .muted{color:#6b7385}.nowrap{white-space:nowrap}
      pre{white-space:pre-wrap;font-size:12px;background:#f5f6f8;padding:8px;margin:4px 0}
      form.inline{display:inline}
      form.filter{display:flex;gap:12px;align-items:end;background:#fff;padding:10px 12px;\
      margin-bottom:12px;box-shadow:0 1px 2px #0002}
      label{display:flex;flex-direction:column;font-size:12px;color:#6b7385;gap:2px}
      select,input{font:inherit;padding:3px 6px}
      button{font:inherit;padding:4px 14px;border:0;border-radius:4px;background:#2855c5;\
      color:#fff;cursor:pointer}
      button.danger{background:#b3261e}
      dl{display:grid;grid-template-columns:max-content auto;gap:4px 16px;background:#fff;\
      padding:10px 12px;margin:0;box-shadow:0 1px 2px #0002}
      dt{color:#6b7385}dd{margin:0}
      .notice{background:#d9f2e1;padding:8px 12px;margin-bottom:12px}
      .problem{background:#fbdada;padding:8px 12px;margin-bottom:12px}
      .decision{background:#fff;border-left:4px solid #2855c5;padding:8px 12px;margin:8px 0}
      """;

  private Html() {}

  /** {@code text} safe to place in an element or a quoted attribute. */
  static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder escaped = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> escaped.append("&amp;");
        case '<' -> escaped.append("&lt;");
        case '>' -> escaped.append("&gt;");
        case '"' -> escaped.append("&quot;");
        case '\'' -> escaped.append("&#39;");
        default -> escaped.append(c);
      }
    }
    return escaped.toString();
  }

  /**
   * A whole page: {@code body} is HTML already escaped; {@code refreshSeconds} above zero reloads
   * the page (a job still on its way) without any script.
   */
  static String page(String title, String body, int refreshSeconds) {
    return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        + (refreshSeconds > 0
            ? "<meta http-equiv=\"refresh\" content=\"" + refreshSeconds + "\">" : "")
        + "<title>" + escape(title) + " · jobs panel</title><style>" + STYLE + "</style></head>"
        + "<body><header><b>Jobs panel</b><a href=\"/\">Overview</a>"
        + "<a href=\"/jobs\">Jobs</a></header><main>" + body + "</main></body></html>";
  }
}
