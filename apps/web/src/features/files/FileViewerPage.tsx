import { Center, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { AttachmentViewer } from '../../ui/AttachmentViewer.tsx';

/** The download addresses a link in an exported spreadsheet may point at (…/arquivos/{id}). */
const FILE_ADDRESS = /^(?:arquivos|(?:agua\/)?consolidacao\/arquivos)\/\d+$/;

/**
 * /arquivo/…: an attachment opened from a link in an exported report. The link leads here rather
 * than to the API, so the file still asks for a signed-in user and opens in the portal's viewer.
 */
export function FileViewerPage() {
  const navigate = useNavigate();
  const address = useParams()['*'] ?? '';
  if (!FILE_ADDRESS.test(address))
    return (
      <Center py={80}>
        <Text c="dimmed">Endereço de arquivo inválido.</Text>
      </Center>
    );
  return (
    <AttachmentViewer
      file={{ url: `/api/${address}`, nome: 'Arquivo anexado' }}
      onClose={() => navigate('/dashboard')}
    />
  );
}
