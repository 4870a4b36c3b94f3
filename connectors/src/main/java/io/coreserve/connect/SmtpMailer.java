package io.coreserve.connect;

import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.eclipse.angus.mail.smtp.SMTPSenderFailedException;

/**
 * Sends plain-text mails over one SMTP connection, opened on first use and closed by {@link #close()}, and says
 * whether a failure is worth retrying.
 */
final class SmtpMailer implements AutoCloseable {

    /** Whether a failed delivery may succeed later. */
    enum FailureKind {
        /** The server was unreachable, timed out, or answered 4xx: retry. */
        TRANSIENT,
        /** The server refused this message for good (5xx for the recipient or the content): report it. */
        PERMANENT,
        /** Our configuration is wrong (authentication): no record can be delivered until it is fixed. */
        CONFIGURATION
    }

    private final Session session;
    private final String protocol;
    private final String host;
    private final int port;
    private final String username;
    private final String password;
    private final InternetAddress from;
    private Transport transport;

    SmtpMailer(EmailSinkConfig config) {
        EmailSinkConfig.Security security = config.security();
        this.protocol = security == EmailSinkConfig.Security.SMTPS ? "smtps" : "smtp";
        this.host = config.getString(EmailSinkConfig.SMTP_HOST);
        this.port = config.getInt(EmailSinkConfig.SMTP_PORT);
        this.username = config.getString(EmailSinkConfig.SMTP_USERNAME);
        this.password = config.getPassword(EmailSinkConfig.SMTP_PASSWORD).value();
        try {
            this.from = new InternetAddress(config.getString(EmailSinkConfig.MAIL_FROM), true);
        } catch (MessagingException e) {
            throw new IllegalArgumentException(e);
        }
        String p = "mail." + protocol + ".";
        String timeout = Integer.toString(config.getInt(EmailSinkConfig.SMTP_TIMEOUT_MS));
        Properties props = new Properties();
        props.put("mail.transport.protocol", protocol);
        props.put(p + "host", host);
        props.put(p + "port", Integer.toString(port));
        props.put(p + "connectiontimeout", timeout);
        props.put(p + "timeout", timeout);
        props.put(p + "writetimeout", timeout);
        props.put(p + "auth", Boolean.toString(!username.isEmpty()));
        props.put(p + "ssl.checkserveridentity", "true");
        if (security == EmailSinkConfig.Security.STARTTLS) {
            props.put(p + "starttls.enable", "true");
            props.put(p + "starttls.required", "true");
        }
        String trust = config.getString(EmailSinkConfig.SMTP_SSL_TRUST);
        if (!trust.isBlank()) {
            props.put(p + "ssl.trust", trust);
        }
        this.session = Session.getInstance(props);
    }

    /** A message with a stable Message-ID, so that a redelivered notification can be recognised as the same mail. */
    MimeMessage message(InternetAddress to, String subject, String body, String messageId) throws MessagingException {
        MimeMessage message = new MimeMessage(session) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", messageId);
            }
        };
        message.setFrom(from);
        message.setRecipient(Message.RecipientType.TO, to);
        message.setSubject(subject, StandardCharsets.UTF_8.name());
        message.setText(body, StandardCharsets.UTF_8.name());
        message.setSentDate(new Date());
        return message;
    }

    String senderDomain() {
        String address = from.getAddress();
        return address.substring(address.indexOf('@') + 1);
    }

    void send(MimeMessage message) throws MessagingException {
        if (transport == null || !transport.isConnected()) {
            Transport t = session.getTransport(protocol);
            t.connect(host, port, username.isEmpty() ? null : username, username.isEmpty() ? null : password);
            transport = t;
        }
        message.saveChanges();
        transport.sendMessage(message, message.getAllRecipients());
    }

    static FailureKind classify(MessagingException e) {
        if (e instanceof AuthenticationFailedException) {
            return FailureKind.CONFIGURATION;
        }
        Integer code = replyCode(e);
        if (code != null) {
            return code >= 500 ? FailureKind.PERMANENT : FailureKind.TRANSIENT;
        }
        if (e instanceof SendFailedException sf && sf.getInvalidAddresses() != null && sf.getInvalidAddresses().length > 0) {
            return FailureKind.PERMANENT;
        }
        return FailureKind.TRANSIENT; // connection refused, timeout, dropped connection, unexpected replies
    }

    /** The SMTP reply code of the failure, if the server answered one (also on a nested exception). */
    private static Integer replyCode(Exception e) {
        for (Exception x = e; x != null; x = x instanceof MessagingException m ? m.getNextException() : null) {
            if (x instanceof SMTPAddressFailedException a) {
                return a.getReturnCode();
            }
            if (x instanceof SMTPSenderFailedException s) {
                return s.getReturnCode();
            }
            if (x instanceof SMTPSendFailedException s) {
                return s.getReturnCode();
            }
            if (x instanceof IOException) {
                return null;
            }
        }
        return null;
    }

    @Override
    public void close() {
        if (transport != null) {
            try {
                transport.close();
            } catch (MessagingException e) {
                // the connection is gone either way
            }
            transport = null;
        }
    }
}
