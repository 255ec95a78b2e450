package dev.retryowner.catalog;

/** A catalog file could not be read: names the file, the line and what is wrong. */
public final class CatalogFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;

  CatalogFormatException(String file, int line, String problem) {
    super(file + ":" + line + ": " + problem);
    this.file = file;
    this.line = line;
  }

  public String file() {
    return file;
  }

  public int line() {
    return line;
  }
}
