package dev.retryowner.jobs.panel;

import static dev.retryowner.jobs.panel.Html.escape;

import dev.retryowner.jobs.AttemptError;
import dev.retryowner.jobs.Inspector;
import dev.retryowner.jobs.JobFilter;
import dev.retryowner.jobs.JobKind;
import dev.retryowner.jobs.JobRecord;
import dev.retryowner.jobs.JobState;
import dev.retryowner.jobs.KindOverview;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/** The panel's pages, rendered from the inspector. Every value from a job is escaped. */
final class PanelPages {
  /** Seconds between reloads of a job that is pending or running, until it settles. */
  static final int LIVE_REFRESH_SECONDS = 1;

  private final Inspector inspector;
  private final List<PanelAction> actions;
  private final String csrfToken;

  PanelPages(Inspector inspector, List<PanelAction> actions, String csrfToken) {
    this.inspector = inspector;
    this.actions = List.copyOf(actions);
    this.csrfToken = csrfToken;
  }

  /** Every kind with its counts per state, its policy and its last failure; then the actions. */
  String overview() {
    StringBuilder body = new StringBuilder("<h1>Overview</h1><table id=\"overview\"><tr><th>Kind"
        + "</th><th>Queue</th><th>Policy</th>");
    for (JobState state : JobState.values()) {
      body.append("<th>").append(name(state)).append("</th>");
    }
    body.append("<th>Last failure</th></tr>");
    for (KindOverview line : inspector.overview()) {
      Optional<JobKind> kind = inspector.kind(line.kind());
      body.append("<tr><td><a href=\"/jobs?kind=").append(query(line.kind())).append("\">")
          .append(escape(line.kind())).append("</a>")
          .append(kind.flatMap(JobKind::period)
              .map(period -> " <span class=\"muted\">every " + PolicyText.duration(period)
                  + "</span>").orElse(""))
          .append("</td><td>").append(escape(kind.map(JobKind::queue).orElse("–")))
          .append("</td><td class=\"muted nowrap\">")
          .append(kind.map(known -> known.retryPolicy().maxAttempts()
              + (known.retryPolicy().maxAttempts() == 1 ? " attempt" : " attempts"))
              .orElse("not registered here"))
          .append("</td>");
      for (JobState state : JobState.values()) {
        long count = line.count(state);
        body.append("<td class=\"num\">").append(count == 0 ? "<span class=\"muted\">0</span>"
            : "<a href=\"/jobs?kind=" + query(line.kind()) + "&amp;state=" + name(state) + "\">"
                + count + "</a>").append("</td>");
      }
      body.append("<td class=\"failure\">")
          .append(line.lastError().map(PanelPages::errorSummary).orElse(""))
          .append("</td></tr>");
    }
    body.append("</table>");
    for (PanelAction action : actions) {
      body.append("<h2>").append(escape(action.title())).append("</h2>")
          .append("<form class=\"filter\" method=\"post\" action=\"/actions/").append(action.id())
          .append("\">").append(csrfField()).append("<label>").append(escape(action.fieldLabel()))
          .append("<input name=\"value\" required></label><button type=\"submit\" id=\"action-")
          .append(action.id()).append("\">Run</button></form>");
    }
    return Html.page("Overview", body.toString(), 0);
  }

  /** The jobs {@code filter} selects, under a form to change it. */
  String list(JobFilter filter) {
    StringBuilder body = new StringBuilder("<h1>Jobs</h1>")
        .append("<form class=\"filter\" method=\"get\" action=\"/jobs\">")
        .append(select("kind", "Kind", knownKinds(), filter.kindOrNull()))
        .append(select("state", "State",
            Arrays.stream(JobState.values()).map(PanelPages::name).toList(),
            filter.states().isEmpty() ? null : name(filter.states().iterator().next())))
        .append(select("queue", "Queue", knownQueues(), filter.queueOrNull()))
        .append("<button type=\"submit\" id=\"apply-filter\">Filter</button></form>");
    List<JobRecord> jobs = inspector.list(filter);
    body.append("<table id=\"jobs\"><tr><th>Id</th><th>Kind</th><th>Queue</th><th>State</th>"
        + "<th>Attempt</th><th>Next run</th><th>Args</th><th>Last error</th></tr>");
    for (JobRecord job : jobs) {
      body.append("<tr><td><a class=\"job\" href=\"/jobs/").append(job.id()).append("\">")
          .append(job.id()).append("</a></td><td>").append(escape(job.kind())).append("</td><td>")
          .append(escape(job.queue())).append("</td><td>").append(stateBadge(job.state()))
          .append("</td><td class=\"num\">").append(job.attempt()).append(" / ")
          .append(job.maxAttempts()).append("</td><td>").append(nextRun(job)).append("</td><td>")
          .append(escape(argsInline(job.args()))).append("</td><td>")
          .append(job.errors().isEmpty() ? ""
              : errorSummary(job.errors().get(job.errors().size() - 1)))
          .append("</td></tr>");
    }
    body.append("</table>");
    if (jobs.isEmpty()) {
      body.append("<p class=\"muted\">No job matches.</p>");
    } else if (jobs.size() == filter.limit()) {
      body.append("<p class=\"muted\">The newest ").append(filter.limit())
          .append(" shown.</p>");
    }
    return Html.page("Jobs", body.toString(), 0);
  }

  /** One job: its fields, args, policy and decision, every attempt's error, and its actions. */
  String detail(JobRecord job, String notice) {
    Optional<JobKind> kind = inspector.kind(job.kind());
    StringBuilder body = new StringBuilder();
    if (notice != null) {
      body.append("<div class=\"notice\" id=\"notice\">").append(escape(notice)).append("</div>");
    }
    body.append("<h1>Job ").append(job.id()).append(" · ").append(escape(job.kind()))
        .append("</h1><dl><dt>State</dt><dd id=\"state\">").append(stateBadge(job.state()))
        .append("</dd><dt>Queue</dt><dd>").append(escape(job.queue()))
        .append("</dd><dt>Attempt</dt><dd>").append(job.attempt()).append(" of ")
        .append(job.maxAttempts()).append(job.snoozes() > 0 ? ", snoozed " + job.snoozes()
            + " times" : "")
        .append("</dd><dt>Next run</dt><dd id=\"next-run\">").append(nextRun(job))
        .append("</dd><dt>Created</dt><dd>").append(Times.format(job.createdAt()))
        .append("</dd><dt>Last claimed</dt><dd>").append(Times.format(job.attemptedAt()))
        .append("</dd><dt>Finished</dt><dd>").append(Times.format(job.finalizedAt()))
        .append("</dd>");
    if (job.uniqueKey() != null) {
      body.append("<dt>Unique key</dt><dd>").append(escape(job.uniqueKey())).append("</dd>");
    }
    body.append("</dl><h2>Arguments</h2><table id=\"args\"><tr><th>Name</th><th>Value</th></tr>");
    new TreeMap<>(job.args()).forEach((name, value) -> body.append("<tr><td>")
        .append(escape(name)).append("</td><td>").append(escape(value)).append("</td></tr>"));
    body.append("</table><h2>Policy</h2>");
    kind.ifPresentOrElse(known -> body.append("<dl id=\"policy\"><dt>Max attempts</dt><dd>")
            .append(known.retryPolicy().maxAttempts()).append("</dd><dt>Backoff</dt><dd>")
            .append(escape(PolicyText.backoffSchedule(known.retryPolicy())))
            .append("</dd><dt>When exhausted</dt><dd>")
            .append(PolicyText.whenExhausted(known.retryPolicy().whenExhausted()))
            .append("</dd><dt>Timeout</dt><dd>").append(PolicyText.duration(known.timeout()))
            .append("</dd>")
            .append(known.period().map(period -> "<dt>Period</dt><dd>every "
                + PolicyText.duration(period) + "</dd>").orElse(""))
            .append("</dl>"),
        () -> body.append("<p class=\"muted\">Kind ").append(escape(job.kind()))
            .append(" is not registered with this runtime, so its policy is unknown here.</p>"));
    body.append("<div class=\"decision\" id=\"decision\">")
        .append(escape(PolicyText.decision(job, kind))).append("</div>");
    body.append("<h2>Attempts' errors</h2>");
    if (job.errors().isEmpty()) {
      body.append("<p class=\"muted\">No attempt failed.</p>");
    } else {
      body.append("<table id=\"errors\"><tr><th>Attempt</th><th>At</th><th>Type</th>"
          + "<th>Error</th></tr>");
      for (AttemptError error : job.errors()) {
        body.append("<tr><td class=\"num\">").append(error.attempt()).append("</td><td>")
            .append(Times.format(error.at())).append("</td><td>").append(error.type())
            .append("</td><td><div class=\"error\">").append(escape(error.error()))
            .append("</div>")
            .append(error.trace().isEmpty() ? "" : "<details><summary>stack trace</summary><pre>"
                + escape(error.trace()) + "</pre></details>")
            .append("</td></tr>");
      }
      body.append("</table>");
    }
    body.append("<h2>Actions</h2>");
    if (job.state() == JobState.DISCARDED) {
      body.append(jobAction(job, "retry", "Retry", ""));
    }
    if (job.state().isLive()) {
      body.append(jobAction(job, "cancel", "Cancel", "danger"));
    }
    if (job.state() != JobState.DISCARDED && !job.state().isLive()) {
      body.append("<p class=\"muted\">None: the job is ").append(name(job.state()))
          .append(".</p>");
    }
    boolean settling = job.state() == JobState.PENDING || job.state() == JobState.RUNNING;
    return Html.page("Job " + job.id(), body.toString(), settling ? LIVE_REFRESH_SECONDS : 0);
  }

  /** What an application action did, or why it did nothing. */
  String actionResult(PanelAction action, String value, String outcome, boolean done) {
    return Html.page(action.title(), "<h1>" + escape(action.title()) + "</h1><div class=\""
        + (done ? "notice" : "problem") + "\" id=\"outcome\">" + escape(outcome) + "</div>"
        + "<p class=\"muted\">" + escape(action.fieldLabel()) + ": " + escape(value) + "</p>"
        + "<p><a href=\"/\">Back to the overview</a></p>", 0);
  }

  /** A short page saying what went wrong with a request. */
  static String problem(String title, String message) {
    return Html.page(title, "<h1>" + escape(title) + "</h1><div class=\"problem\">"
        + escape(message) + "</div>", 0);
  }

  /** The form that sets the access token cookie. */
  String login(String problem) {
    return Html.page("Sign in", "<h1>Access token</h1>"
        + (problem == null ? "" : "<div class=\"problem\">" + escape(problem) + "</div>")
        + "<form class=\"filter\" method=\"post\" action=\"/login\">" + csrfField()
        + "<label>Token<input type=\"password\" name=\"token\" required></label>"
        + "<button type=\"submit\">Sign in</button></form>", 0);
  }

  private String jobAction(JobRecord job, String action, String label, String style) {
    return "<form class=\"inline\" method=\"post\" action=\"/jobs/" + job.id() + "/" + action
        + "\">" + csrfField() + "<button type=\"submit\" id=\"" + action + "\" class=\"" + style
        + "\">" + label + "</button></form> ";
  }

  private String csrfField() {
    return "<input type=\"hidden\" name=\"" + RequestGuard.CSRF_FIELD + "\" value=\""
        + csrfToken + "\">";
  }

  private List<String> knownKinds() {
    TreeSet<String> kinds = new TreeSet<>();
    inspector.overview().forEach(line -> kinds.add(line.kind()));
    return List.copyOf(kinds);
  }

  private List<String> knownQueues() {
    TreeSet<String> queues = new TreeSet<>();
    inspector.kinds().forEach(kind -> queues.add(kind.queue()));
    return List.copyOf(queues);
  }

  private static String select(String field, String label, List<String> options, String chosen) {
    StringBuilder select = new StringBuilder("<label>").append(label).append("<select name=\"")
        .append(field).append("\" id=\"filter-").append(field).append("\"><option value=\"\">any"
            + "</option>");
    for (String option : options) {
      select.append("<option value=\"").append(escape(option)).append("\"")
          .append(option.equals(chosen) ? " selected" : "").append(">").append(escape(option))
          .append("</option>");
    }
    return select.append("</select></label>").toString();
  }

  private static String nextRun(JobRecord job) {
    return job.state().isClaimable() ? Times.format(job.scheduledAt())
        : "<span class=\"muted\">–</span>";
  }

  private static String errorSummary(AttemptError error) {
    return "<span class=\"muted\">" + Times.format(error.at()) + " · attempt " + error.attempt()
        + " · " + error.type() + "</span><div class=\"error\">" + escape(error.error()) + "</div>";
  }

  private static String stateBadge(JobState state) {
    return "<span class=\"state state-" + name(state) + "\">" + name(state) + "</span>";
  }

  private static String argsInline(Map<String, String> args) {
    StringBuilder inline = new StringBuilder();
    new TreeMap<>(args).forEach((name, value) ->
        inline.append(inline.length() == 0 ? "" : ", ").append(name).append('=').append(value));
    return inline.toString();
  }

  /** A state as the panel writes it and its filter reads it: {@code discarded}. */
  static String name(JobState state) {
    return state.name().toLowerCase(Locale.ROOT);
  }

  private static String query(String value) {
    return escape(URLEncoder.encode(value, StandardCharsets.UTF_8));
  }
}
