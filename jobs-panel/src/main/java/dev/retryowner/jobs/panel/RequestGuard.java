package dev.retryowner.jobs.panel;

import com.sun.net.httpserver.Headers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Who may use the panel and which requests may change something: the access token (when one is
 * set), the Host of a panel without token (no DNS rebinding), and for every POST the same-origin
 * headers and the server's CSRF token.
 */
final class RequestGuard {
  /** The form field that carries the CSRF token. */
  static final String CSRF_FIELD = "csrf";
  /** The cookie the login form sets to the access token. */
  static final String TOKEN_COOKIE = "retryowner_panel_token";
  /** Host names a panel without access token answers to. */
  private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]");

  private final String csrfToken;
  private final byte[] accessTokenDigest;

  /** @param accessTokenOrNull the token every request must carry, or null for none */
  RequestGuard(String accessTokenOrNull) {
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    this.csrfToken = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    this.accessTokenDigest = accessTokenOrNull == null ? null : digest(accessTokenOrNull);
  }

  String csrfToken() {
    return csrfToken;
  }

  boolean requiresAccessToken() {
    return accessTokenDigest != null;
  }

  /**
   * Why a panel without access token refuses this Host, if it does: only loopback names reach it,
   * so a page on another site cannot rebind its own name to 127.0.0.1.
   */
  Optional<String> hostProblem(Headers headers) {
    if (requiresAccessToken()) {
      return Optional.empty();
    }
    String host = hostName(headers.getFirst("Host"));
    return LOOPBACK_HOSTS.contains(host) ? Optional.empty()
        : Optional.of("This panel answers only on loopback (localhost, 127.0.0.1, [::1]), not on "
            + "host \"" + host + "\".");
  }

  /** Whether the request carries the access token, as a bearer header or the login cookie. */
  boolean hasAccessToken(Headers headers) {
    String authorization = headers.getFirst("Authorization");
    if (authorization != null && authorization.startsWith("Bearer ")
        && matchesAccessToken(authorization.substring("Bearer ".length()).trim())) {
      return true;
    }
    for (String cookies : headers.getOrDefault("Cookie", List.of())) {
      for (String cookie : cookies.split(";")) {
        String[] pair = cookie.trim().split("=", 2);
        if (pair.length == 2 && pair[0].equals(TOKEN_COOKIE) && matchesAccessToken(pair[1])) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether {@code candidate} is the access token; compared in constant time over digests. */
  boolean matchesAccessToken(String candidate) {
    return accessTokenDigest != null
        && MessageDigest.isEqual(accessTokenDigest, digest(candidate));
  }

  /**
   * Why a POST is refused as cross-site, if it is: a browser's {@code Sec-Fetch-Site} other than
   * same-origin, or an {@code Origin} other than this server's.
   */
  Optional<String> crossSiteProblem(Headers headers) {
    String fetchSite = headers.getFirst("Sec-Fetch-Site");
    if (fetchSite != null && !fetchSite.equals("same-origin") && !fetchSite.equals("none")) {
      return Optional.of("Refused a " + fetchSite + " request: actions come only from the "
          + "panel's own pages.");
    }
    String origin = headers.getFirst("Origin");
    String host = headers.getFirst("Host");
    if (origin != null && !origin.equalsIgnoreCase("http://" + host)) {
      return Optional.of("Refused a request from origin " + origin + ": actions come only from "
          + "the panel's own pages (http://" + host + ").");
    }
    return Optional.empty();
  }

  /** Whether {@code submitted} is this server's CSRF token; compared in constant time. */
  boolean matchesCsrfToken(String submitted) {
    return submitted != null && MessageDigest.isEqual(
        csrfToken.getBytes(StandardCharsets.UTF_8), submitted.getBytes(StandardCharsets.UTF_8));
  }

  private static String hostName(String hostHeader) {
    if (hostHeader == null) {
      return "";
    }
    String host = hostHeader.trim().toLowerCase(Locale.ROOT);
    if (host.startsWith("[")) {
      int close = host.indexOf(']');
      return close < 0 ? host : host.substring(0, close + 1);
    }
    int colon = host.indexOf(':');
    return colon < 0 ? host : host.substring(0, colon);
  }

  private static byte[] digest(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
