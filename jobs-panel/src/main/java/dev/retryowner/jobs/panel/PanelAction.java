package dev.retryowner.jobs.panel;

import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * An action the application adds to the panel, for what only the application knows, e.g. "redeliver
 * an endpoint's discarded webhooks". The overview shows it as a form with one field; a POST runs
 * it, under the same cross-site protection as retry and cancel.
 *
 * <pre>{@code
 * PanelAction.of("redeliver", "Redeliver an endpoint's discarded webhooks", "Endpoint id",
 *     endpoint -> WebhookRedelivery.redeliver(inspector, endpoints, endpoint) + " re-enqueued");
 * }</pre>
 *
 * @param id the action's name in its address, {@code /actions/<id>} (lower-case letters, digits,
 *     dashes)
 * @param title what the operator reads on the form and the result
 * @param fieldLabel the label of the form's one field
 * @param run runs the action with the field's value and says what it did; an {@link
 *     IllegalArgumentException} or {@link IllegalStateException} is shown to the operator as the
 *     reason it did nothing
 */
public record PanelAction(String id, String title, String fieldLabel, UnaryOperator<String> run) {
  private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

  public PanelAction {
    Objects.requireNonNull(id, "id");
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException("a panel action's id goes into its address, so it must be"
          + " lower-case letters, digits and single dashes, e.g. \"redeliver-endpoint\", but got \""
          + id + "\"");
    }
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(fieldLabel, "fieldLabel");
    Objects.requireNonNull(run, "run");
  }

  /** The action {@code id}, see the record's parameters. */
  public static PanelAction of(
      String id, String title, String fieldLabel, UnaryOperator<String> run) {
    return new PanelAction(id, title, fieldLabel, run);
  }
}
