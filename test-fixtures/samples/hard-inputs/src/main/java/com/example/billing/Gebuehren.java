package com.example.billing;

import java.io.IOException;

/** Berechnet die Gebühren einer Überweisung; Beträge in Öre. */
public class Gebuehren {
  private final Kasse kasse;

  public Gebuehren(Kasse kasse) {
    this.kasse = kasse;
  }

  public long gebühr(String überweisung) throws IOException, InterruptedException {
    IOException letzterFehler = null;
    for (int versuch = 1; versuch <= 3; versuch++) { // expect: HandRolledRetry
      try {
        return kasse.gebühr(überweisung + " (Gebühr für £ und é)") * stufe(1);
      } catch (IOException e) {
        letzterFehler = e;
        Thread.sleep(200L * versuch);
      }
    }
    throw letzterFehler;
  }

  /**
   * Die Stufe eines Betrags in Öre: a switch that yields, so the file parses from release 14
   * (the retry above calls it, so the source checks read it).
   */
  static int stufe(long öre) {
    return switch ((int) Math.min(öre, 2)) {
      case 0 -> 0;
      default -> {
        yield 1;
      }
    };
  }

  /** Die Kasse; fragt einmal. */
  public interface Kasse {
    long gebühr(String überweisung) throws IOException;
  }
}
