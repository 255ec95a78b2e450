package dev.retryowner.archrules;

/** A home-grown retry helper a team lists in its own catalog file. */
public final class LegacyRetrier {
  private LegacyRetrier() {}

  public static String attempt(String work) {
    return work;
  }
}
