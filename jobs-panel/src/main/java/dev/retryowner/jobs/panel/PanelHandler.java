package dev.retryowner.jobs.panel;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.retryowner.jobs.Inspector;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Routes the panel's requests: guards first, then pages (GET) and actions (POST). */
final class PanelHandler implements HttpHandler {
  private static final Pattern JOB = Pattern.compile("/jobs/(\\d{1,18})");
  private static final Pattern JOB_ACTION = Pattern.compile("/jobs/(\\d{1,18})/(retry|cancel)");
  private static final Pattern APP_ACTION = Pattern.compile("/actions/([a-z0-9-]+)");
  /** Forms are small; a larger body is refused rather than read. */
  private static final int MAX_FORM_BYTES = 16 * 1024;
  /** The notices a retry or cancel redirects to, by the code in its address. */
  private static final Map<String, String> NOTICES = Map.of(
      "retried", "Retried: the job is pending and runs at once.",
      "not-retried", "Not retried: only a discarded job can be retried (or a live job with the"
          + " same unique key exists).",
      "cancelled", "Cancelled.",
      "not-cancelled", "Not cancelled: the job had already finished.");

  private final Inspector inspector;
  private final PanelPages pages;
  private final RequestGuard guard;
  private final Map<String, PanelAction> actions;

  PanelHandler(Inspector inspector, PanelPages pages, RequestGuard guard,
      List<PanelAction> actions) {
    this.inspector = inspector;
    this.pages = pages;
    this.guard = guard;
    this.actions = actions.stream()
        .collect(Collectors.toMap(PanelAction::id, Function.identity()));
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      try {
        route(exchange);
      } catch (RuntimeException e) {
        send(exchange, 500, PanelPages.problem("Panel error",
            "The panel could not answer: " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage())));
      }
    }
  }

  private void route(HttpExchange exchange) throws IOException {
    String method = exchange.getRequestMethod();
    String path = exchange.getRequestURI().getPath();
    Optional<String> hostProblem = guard.hostProblem(exchange.getRequestHeaders());
    if (hostProblem.isPresent()) {
      send(exchange, 403, PanelPages.problem("Forbidden", hostProblem.get()));
      return;
    }
    boolean post = method.equals("POST");
    if (!post && !method.equals("GET") && !method.equals("HEAD")) {
      exchange.getResponseHeaders().set("Allow", "GET, POST");
      send(exchange, 405, PanelPages.problem("Method not allowed", method + " is not used here."));
      return;
    }
    Map<String, String> form = post ? readForm(exchange) : Map.of();
    if (form == null) {
      send(exchange, 413, PanelPages.problem("Too large", "A panel form is at most "
          + MAX_FORM_BYTES + " bytes."));
      return;
    }
    if (post && !passesCrossSiteChecks(exchange, form)) {
      return;
    }
    if (path.equals("/login")) {
      login(exchange, post, form);
      return;
    }
    if (guard.requiresAccessToken() && !guard.hasAccessToken(exchange.getRequestHeaders())) {
      send(exchange, 401, pages.login(null));
      return;
    }
    Matcher jobAction = JOB_ACTION.matcher(path);
    Matcher appAction = APP_ACTION.matcher(path);
    if (jobAction.matches() || appAction.matches()) {
      if (!post) {
        exchange.getResponseHeaders().set("Allow", "POST");
        send(exchange, 405, PanelPages.problem("Method not allowed",
            "Actions change jobs, so they are POSTs from the panel's buttons; a GET changes"
                + " nothing."));
      } else if (jobAction.matches()) {
        jobAction(exchange, Long.parseLong(jobAction.group(1)), jobAction.group(2));
      } else {
        appAction(exchange, appAction.group(1), form.getOrDefault("value", ""));
      }
      return;
    }
    if (post) {
      exchange.getResponseHeaders().set("Allow", "GET");
      send(exchange, 405, PanelPages.problem("Method not allowed", "Pages are read with GET."));
      return;
    }
    Map<String, String> query = parse(exchange.getRequestURI().getRawQuery());
    Matcher job = JOB.matcher(path);
    if (path.equals("/")) {
      send(exchange, 200, pages.overview());
    } else if (path.equals("/jobs")) {
      list(exchange, query);
    } else if (job.matches()) {
      Optional<JobRecord> record = inspector.get(Long.parseLong(job.group(1)));
      if (record.isPresent()) {
        send(exchange, 200, pages.detail(record.get(),
            NOTICES.get(query.getOrDefault("done", ""))));
      } else {
        send(exchange, 404, PanelPages.problem("Not found", "No job " + job.group(1) + "."));
      }
    } else {
      send(exchange, 404, PanelPages.problem("Not found", "No page " + path + "."));
    }
  }

  private boolean passesCrossSiteChecks(HttpExchange exchange, Map<String, String> form)
      throws IOException {
    Optional<String> crossSite = guard.crossSiteProblem(exchange.getRequestHeaders());
    if (crossSite.isPresent()) {
      send(exchange, 403, PanelPages.problem("Forbidden", crossSite.get()));
      return false;
    }
    if (!guard.matchesCsrfToken(form.get(RequestGuard.CSRF_FIELD))) {
      send(exchange, 403, PanelPages.problem("Forbidden", "The form's CSRF token is missing or"
          + " wrong (the panel restarted?). Reload the page and try again."));
      return false;
    }
    return true;
  }

  private void login(HttpExchange exchange, boolean post, Map<String, String> form)
      throws IOException {
    if (!guard.requiresAccessToken()) {
      redirect(exchange, "/");
    } else if (!post) {
      send(exchange, 200, pages.login(null));
    } else if (guard.matchesAccessToken(form.getOrDefault("token", ""))) {
      exchange.getResponseHeaders().add("Set-Cookie", RequestGuard.TOKEN_COOKIE + "="
          + form.get("token") + "; Path=/; HttpOnly; SameSite=Strict");
      redirect(exchange, "/");
    } else {
      send(exchange, 403, pages.login("That is not the panel's access token."));
    }
  }

  private void list(HttpExchange exchange, Map<String, String> query) throws IOException {
    JobFilter filter = JobFilter.all();
    String kind = query.getOrDefault("kind", "");
    String queue = query.getOrDefault("queue", "");
    String state = query.getOrDefault("state", "");
    if (!kind.isEmpty()) {
      filter = filter.kind(kind);
    }
    if (!queue.isEmpty()) {
      filter = filter.queue(queue);
    }
    if (!state.isEmpty()) {
      try {
        filter = filter.states(JobState.valueOf(state.toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        send(exchange, 400, PanelPages.problem("Unknown state", "No job state \"" + state
            + "\"; the states are " + List.of(JobState.values()).toString()
                .toLowerCase(Locale.ROOT) + "."));
        return;
      }
    }
    send(exchange, 200, pages.list(filter));
  }

  private void jobAction(HttpExchange exchange, long id, String action) throws IOException {
    if (inspector.get(id).isEmpty()) {
      send(exchange, 404, PanelPages.problem("Not found", "No job " + id + "."));
      return;
    }
    String done = action.equals("retry")
        ? (inspector.retry(id) ? "retried" : "not-retried")
        : (inspector.cancel(id) ? "cancelled" : "not-cancelled");
    redirect(exchange, "/jobs/" + id + "?done=" + done);
  }

  private void appAction(HttpExchange exchange, String id, String value) throws IOException {
    PanelAction action = actions.get(id);
    if (action == null) {
      send(exchange, 404, PanelPages.problem("Not found", "No panel action " + id + "."));
      return;
    }
    try {
      send(exchange, 200, pages.actionResult(action, value, action.run().apply(value), true));
    } catch (IllegalArgumentException | IllegalStateException refused) {
      send(exchange, 400, pages.actionResult(action, value, refused.getMessage(), false));
    }
  }

  private static Map<String, String> readForm(HttpExchange exchange) throws IOException {
    try (InputStream body = exchange.getRequestBody()) {
      byte[] bytes = body.readNBytes(MAX_FORM_BYTES + 1);
      if (bytes.length > MAX_FORM_BYTES) {
        return null;
      }
      return parse(new String(bytes, StandardCharsets.UTF_8));
    }
  }

  /** Name/value pairs of a query or form; the first value of a repeated name wins. */
  private static Map<String, String> parse(String encoded) {
    Map<String, String> pairs = new HashMap<>();
    if (encoded == null || encoded.isEmpty()) {
      return pairs;
    }
    for (String pair : encoded.split("&")) {
      String[] nameValue = pair.split("=", 2);
      pairs.putIfAbsent(URLDecoder.decode(nameValue[0], StandardCharsets.UTF_8),
          nameValue.length == 2 ? URLDecoder.decode(nameValue[1], StandardCharsets.UTF_8) : "");
    }
    return pairs;
  }

  private static void redirect(HttpExchange exchange, String location) throws IOException {
    exchange.getResponseHeaders().set("Location", location);
    exchange.sendResponseHeaders(303, -1);
  }

  private static void send(HttpExchange exchange, int status, String html) throws IOException {
    byte[] body = html.getBytes(StandardCharsets.UTF_8);
    var headers = exchange.getResponseHeaders();
    headers.set("Content-Type", "text/html; charset=utf-8");
    // No script runs on the panel's pages, even if an escape were ever missed.
    headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline';"
        + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    headers.set("X-Content-Type-Options", "nosniff");
    // Not no-referrer: under it a browser sends "Origin: null" with the panel's own POSTs.
    headers.set("Referrer-Policy", "same-origin");
    headers.set("Cache-Control", "no-store");
    boolean head = exchange.getRequestMethod().equals("HEAD");
    exchange.sendResponseHeaders(status, head ? -1 : body.length);
    if (!head) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }
}
