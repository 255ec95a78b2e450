package com.example.reference.mail;

/**
 * One mail as the port sends it.
 *
 * @param messageId the {@code Message-ID} header, {@code <event-id@host>}: a re-send after a crash
 *     between "send" and "mark" carries the same id, and mailboxes merge the two
 */
public record MailMessage(String to, String subject, String body, String messageId) {}
