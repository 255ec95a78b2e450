package dev.retryowner.jobs;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Classifies the result of one HTTP exchange for the job that made it:
 *
 * <table>
 *   <caption>HTTP outcome → job outcome</caption>
 *   <tr><th>Exchange</th><th>Outcome</th></tr>
 *   <tr><td>2xx</td><td>success</td></tr>
 *   <tr><td>429 or 503 with a valid {@code Retry-After} (delta-seconds or HTTP-date)</td>
 *       <td>snooze until then, at most the cap</td></tr>
 *   <tr><td>408, 429 without {@code Retry-After}, every other 5xx (503 without {@code
 *       Retry-After} too)</td><td>retry</td></tr>
 *   <tr><td>every other 4xx (410 included)</td><td>discard</td></tr>
 *   <tr><td>1xx, 3xx (a no-retry client does not follow redirects)</td><td>retry</td></tr>
 *   <tr><td>timeout, connection failure, any other {@link IOException}</td><td>retry</td></tr>
 * </table>
 *
 * <p>A {@code Retry-After} that is neither a non-negative integer nor an HTTP-date is ignored; a
 * date already past snoozes until now. The cap is per kind: {@link #WEBHOOK_SNOOZE_CAP} for
 * webhook deliveries.
 */
public final class HttpOutcomeClassifier {
  /** A receiver may snooze a webhook delivery for at most 10 h. */
  public static final Duration WEBHOOK_SNOOZE_CAP = Duration.ofHours(10);

  /** RFC 850 without its weekday, which cannot be checked before the century is known. */
  private static final DateTimeFormatter RFC_850_AFTER_WEEKDAY =
      DateTimeFormatter.ofPattern("dd-MMM-yy HH:mm:ss 'GMT'", Locale.US);
  /** Twelve digits of delta-seconds are 31,000 years: longer values are read as that. */
  private static final int MAX_DELTA_DIGITS = 12;
  private static final DateTimeFormatter ASCTIME =
      DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US);
  private static final List<Integer> SNOOZABLE = List.of(429, 503);

  private final Duration snoozeCap;

  private HttpOutcomeClassifier(Duration snoozeCap) {
    this.snoozeCap = snoozeCap;
  }

  /** A classifier whose snoozes last at most {@code cap}. */
  public static HttpOutcomeClassifier withSnoozeCap(Duration cap) {
    Objects.requireNonNull(cap, "cap");
    if (cap.isNegative()) {
      throw new IllegalArgumentException("a snooze cap cannot be negative: " + cap);
    }
    return new HttpOutcomeClassifier(cap);
  }

  /** The classifier of webhook deliveries: snoozes capped at {@link #WEBHOOK_SNOOZE_CAP}. */
  public static HttpOutcomeClassifier forWebhooks() {
    return withSnoozeCap(WEBHOOK_SNOOZE_CAP);
  }

  /** The longest snooze this classifier gives. */
  public Duration snoozeCap() {
    return snoozeCap;
  }

  /**
   * Classifies a response with {@code status} and the {@code Retry-After} header's value (null
   * when absent), received at {@code now}.
   *
   * @throws IllegalArgumentException if {@code status} is not an HTTP status (100–599)
   */
  public HttpOutcome classify(int status, String retryAfterOrNull, Instant now) {
    Objects.requireNonNull(now, "now");
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("not an HTTP status code (100-599): " + status);
    }
    String reason = "HTTP " + status;
    if (status >= 200 && status < 300) {
      return new HttpOutcome(HttpOutcome.Decision.SUCCESS, reason, Optional.empty());
    }
    if (SNOOZABLE.contains(status) && retryAfterOrNull != null) {
      Optional<Instant> until = retryAt(retryAfterOrNull.trim(), now);
      if (until.isPresent()) {
        Instant capped = earliest(until.get(), now.plus(snoozeCap));
        return new HttpOutcome(HttpOutcome.Decision.SNOOZE,
            reason + " with Retry-After: " + retryAfterOrNull.trim(), Optional.of(capped));
      }
      reason += " with an unreadable Retry-After: " + retryAfterOrNull.trim();
    }
    if (status >= 400 && status < 500 && status != 408 && status != 429) {
      return new HttpOutcome(HttpOutcome.Decision.DISCARD, reason, Optional.empty());
    }
    return new HttpOutcome(HttpOutcome.Decision.RETRY, reason, Optional.empty());
  }

  /** Classifies an exchange that got no response: always a retry (timeout or connection failure). */
  public HttpOutcome classifyFailure(IOException failure) {
    Objects.requireNonNull(failure, "failure");
    String what = failure instanceof HttpTimeoutException || failure instanceof InterruptedIOException
        ? "timeout" : "connection failure";
    return new HttpOutcome(HttpOutcome.Decision.RETRY, what + ": " + failure, Optional.empty());
  }

  private static Optional<Instant> retryAt(String retryAfter, Instant now) {
    if (!retryAfter.isEmpty() && retryAfter.chars().allMatch(c -> c >= '0' && c <= '9')) {
      String digits = retryAfter.length() > MAX_DELTA_DIGITS
          ? "9".repeat(MAX_DELTA_DIGITS) : retryAfter;
      return Optional.of(now.plusSeconds(Long.parseLong(digits)));
    }
    return httpDate(retryAfter, now).map(date -> date.isBefore(now) ? now : date);
  }

  /** An HTTP-date in any of the three forms RFC 9110 §5.6.7 tells recipients to accept. */
  private static Optional<Instant> httpDate(String value, Instant now) {
    try {
      return Optional.of(ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
          .toInstant());
    } catch (DateTimeParseException notImfFixdate) {
      // fall through to the obsolete forms
    }
    int weekdayEnd = value.indexOf(", ");
    if (weekdayEnd > 0) {
      try {
        LocalDateTime rfc850 = LocalDateTime.parse(value.substring(weekdayEnd + 2),
            RFC_850_AFTER_WEEKDAY);
        // A two-digit year more than 50 years ahead means the previous century (RFC 9110).
        if (rfc850.isAfter(LocalDateTime.ofInstant(now, ZoneOffset.UTC).plusYears(50))) {
          rfc850 = rfc850.minusYears(100);
        }
        return Optional.of(rfc850.toInstant(ZoneOffset.UTC));
      } catch (DateTimeParseException notRfc850) {
        // fall through to asctime
      }
    }
    try {
      return Optional.of(LocalDateTime.parse(value, ASCTIME).toInstant(ZoneOffset.UTC));
    } catch (DateTimeParseException notAsctime) {
      return Optional.empty();
    }
  }

  private static Instant earliest(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
  }
}
