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
        return kasse.gebühr(überweisung + " (Gebühr für £ und é)");
      } catch (IOException e) {
        letzterFehler = e;
        Thread.sleep(200L * versuch);
      }
    }
    throw letzterFehler;
  }

  /** Ein Betrag in Öre: a record, so the file parses only at release 16 or later. */
  public record Betrag(long öre) {}

  /** Die Kasse; fragt einmal. */
  public interface Kasse {
    long gebühr(String überweisung) throws IOException;
  }
}
