package com.example.booking.mail;

/** One mail to one recipient. */
public record MailMessage(String to, String subject, String text) {

  /** The body of the mail API's send request. */
  String toJson() {
    return "{\"to\":" + quoted(to) + ",\"subject\":" + quoted(subject) + ",\"text\":" + quoted(text) + "}";
  }

  private static String quoted(String value) {
    return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }
}
